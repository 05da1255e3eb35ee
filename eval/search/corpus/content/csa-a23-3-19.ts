/**
 * Synthetic "CSA A23.3:19": clauses 11.3.5.1, equations numbered per clause
 * "(11.5)", tables "Table 9.2". All clause text is original;
 * only numbering style and topics follow the real Standard.
 */
import type { CodeSpec } from '../types.ts';
import { CONCRETE_TERMS } from './definitions.ts';
import { clause, defs, eq, figure, filler, table } from './dsl.ts';

export function csaA233(): CodeSpec {
  return {
    fileId: 'csa-a23-3-19',
    designation: 'CSA A23.3:19',
    title: 'Design of concrete structures',
    family: 'csa',
    paper: 'letter',
    columns: 1,
    seed: 23319,
    chapters: [
      {
        label: 'CLAUSE 2',
        title: 'REFERENCE PUBLICATIONS, DEFINITIONS, SYMBOLS AND UNITS',
        sections: [
          {
            number: '2.2',
            title: 'Definitions',
            topic: 'materials',
            items: [
              clause(
                '2.2.1',
                'Application',
                'The following definitions apply in this Standard. Terms used in connection with concrete materials and construction have the meanings given in CSA A23.1.',
              ),
              defs('2.2.2', 1, CONCRETE_TERMS, [
                'clear cover',
                'column',
                'critical section',
                'development length',
                'drop panel',
                'dv',
                'effective depth',
                'factored resistance',
                'flat plate',
                'hook',
                'lap splice',
                'lightweight concrete',
                'shear reinforcement',
                'slenderness ratio',
                'specified compressive strength',
                'stirrup',
                'strut-and-tie model',
                'tendon',
                'two-way slab',
                'member depth',
              ]),
            ],
          },
        ],
      },
      {
        label: 'CLAUSE 6',
        title: 'DESIGN AND CONSTRUCTION CONSIDERATIONS',
        sections: [
          {
            number: '6.6',
            title: 'Construction joints and embedded items',
            topic: 'construction',
            items: [filler('6.6', 1, 5)],
          },
        ],
      },
      {
        label: 'CLAUSE 7',
        title: 'REINFORCEMENT — DETAILS',
        sections: [
          {
            number: '7.4',
            title: 'Spacing of reinforcement and tendons',
            topic: 'detailing',
            items: [filler('7.4', 1, 5)],
          },
          {
            number: '7.9',
            title: 'Concrete protection for reinforcement',
            topic: 'cover',
            items: [
              clause(
                '7.9.1',
                'Cover',
                'The minimum concrete cover for reinforcement and prestressing tendons shall be determined from CSA A23.1 for the exposure class and the type of member, and shall be increased where fire resistance ratings or bond require a larger value. Cover shall be measured to the outermost reinforcement, including ties, stirrups and spirals.',
              ),
              filler('7.9', 2, 4),
            ],
          },
        ],
      },
      {
        label: 'CLAUSE 8',
        title: 'DESIGN — LIMIT STATES, LOAD COMBINATIONS, AND MATERIAL PROPERTIES',
        sections: [
          {
            number: '8.4',
            title: 'Factored resistance',
            topic: 'resistance',
            items: [
              clause(
                '8.4.1',
                'General',
                'The factored resistance of a member, its cross-sections and its connections shall be taken as the resistance calculated in accordance with the requirements and assumptions of this Standard, multiplied by the appropriate resistance factors. Unlike a single member factor, separate factors are applied to the concrete and to the steel.',
              ),
              clause(
                '8.4.2',
                'Factors for concrete and steel',
                'The resistance factor phi_c for concrete shall be taken as 0.65, except that for precast concrete produced in certified plants it may be taken as 0.70. The resistance factor phi_s for reinforcing bars and embedded steel anchors shall be 0.85, and phi_p for prestressing tendons shall be 0.90. The factors are summarized in Table 8.1.',
              ),
              table(
                'Table 8.1',
                'Resistance factors for materials',
                ['Material:3', 'Resistance factor:1'],
                [
                  ['Concrete, cast in place', 'phi_c = 0.65'],
                  ['Concrete, precast in certified plants', 'phi_c = 0.70'],
                  ['Reinforcing bars and embedded steel anchors', 'phi_s = 0.85'],
                  ['Prestressing tendons', 'phi_p = 0.90'],
                  ['Structural steel in composite members', 'phi_a = 0.90'],
                ],
              ),
              filler('8.4', 3, 4),
            ],
          },
          {
            number: '8.6',
            title: 'Concrete design properties',
            topic: 'materials',
            items: [
              clause(
                '8.6.2.2',
                'Modulus of elasticity',
                'The modulus of elasticity Ec of concrete with a density gamma_c between 1500 and 2500 kg/m³ may be taken as:',
                eq("Ec = (3300 sqrt(f'c) + 6900) (gamma_c / 2300)^1.5", '(8.1)'),
                'For normal density concrete with compressive strengths between 20 and 40 MPa, Ec may be taken as:',
                eq("Ec = 4500 sqrt(f'c)", '(8.2)'),
              ),
              clause(
                '8.6.4',
                'Modulus of rupture',
                "The modulus of rupture of concrete shall be taken as fr = 0.6 lambda sqrt(f'c), where lambda is 1.00 for normal density concrete, 0.85 for semi-low-density concrete and 0.75 for low-density concrete.",
              ),
              filler('8.6', 5, 3),
            ],
          },
        ],
      },
      {
        label: 'CLAUSE 9',
        title: 'STRUCTURAL ANALYSIS AND COMPUTATION OF DEFLECTIONS',
        sections: [
          {
            number: '9.8',
            title: 'Control of deflections',
            topic: 'deflection',
            items: [
              clause(
                '9.8.2.1',
                'Minimum thickness of one-way construction',
                'The minimum thickness of one-way slabs and beams not supporting or attached to partitions or other construction likely to be damaged by large deflections shall be as given in Table 9.2, unless computation of deflection shows that a lesser thickness may be used without adverse effects.',
              ),
              table(
                'Table 9.2',
                'Thicknesses below which deflections are to be computed',
                ['Member:1.4', 'Simply supported:1', 'One end continuous:1', 'Both ends continuous:1', 'Cantilever:1'],
                [
                  ['Solid slabs', 'ln/20', 'ln/24', 'ln/28', 'ln/10'],
                  ['Beams or ribbed slabs', 'ln/16', 'ln/18', 'ln/21', 'ln/8'],
                ],
              ),
              clause(
                '9.8.5.3',
                'Deflection limits',
                'Deflections computed in accordance with this Clause shall not exceed the values given in Table 9.3. The limit to apply depends on whether the member supports nonstructural elements that could be damaged, such as masonry partitions, glazing and plaster ceilings.',
              ),
              table(
                'Table 9.3',
                'Maximum permissible computed deflections',
                ['Type of member:2', 'Deflection to be considered:2', 'Limit:0.8'],
                [
                  [
                    'Flat roofs not supporting elements likely to be damaged',
                    'Immediate deflection due to specified live load or snow',
                    'ln/180',
                  ],
                  [
                    'Floors not supporting elements likely to be damaged',
                    'Immediate deflection due to specified live load',
                    'ln/360',
                  ],
                  [
                    'Roof or floor supporting elements likely to be damaged by large deflections',
                    'Deflection after attachment of nonstructural elements',
                    'ln/480',
                  ],
                  [
                    'Roof or floor supporting elements not likely to be damaged',
                    'Deflection after attachment of nonstructural elements',
                    'ln/240',
                  ],
                ],
              ),
              filler('9.8', 6, 4),
            ],
          },
        ],
      },
      {
        label: 'CLAUSE 10',
        title: 'FLEXURE AND AXIAL LOADS',
        sections: [
          {
            number: '10.1',
            title: 'General principles',
            topic: 'flexure',
            items: [
              clause(
                '10.1.3',
                'Maximum concrete strain',
                'The maximum usable strain at the extreme concrete compression fibre shall be assumed to be 0.0035. This value is somewhat larger than that used in some other standards and reflects the confinement usually present in members designed to this Standard.',
              ),
              clause(
                '10.1.7',
                'Equivalent rectangular stress block',
                "A concrete stress of alpha1 phi_c f'c shall be assumed uniformly distributed over an equivalent compression zone bounded by the edges of the cross-section and a straight line parallel to the neutral axis at a distance a = beta1 c from the fibre of maximum compressive strain, where:",
                eq("alpha1 = 0.85 - 0.0015 f'c >= 0.67", '(10.1)'),
                eq("beta1 = 0.97 - 0.0025 f'c >= 0.67", '(10.2)'),
              ),
              filler('10.1', 8, 2),
            ],
          },
          {
            number: '10.9',
            title: 'Limits for reinforcement of compression members',
            topic: 'columns',
            items: [
              clause(
                '10.9.1',
                'Longitudinal reinforcement ratio',
                'The area of longitudinal reinforcement for compression members shall be not less than 0.01 times the gross area Ag of the section and shall not exceed 0.08 times Ag, including lap splice regions, where the ratio is effectively doubled.',
              ),
              filler('10.9', 2, 5),
            ],
          },
          {
            number: '10.15',
            title: 'Slenderness effects — nonsway frames',
            topic: 'analysis',
            items: [
              clause(
                '10.15.3',
                'Member moments in nonsway frames',
                'Columns in nonsway frames shall be designed for the factored axial load and the amplified moment, in which the magnifier increases the larger end moment to account for the curvature of the column between its ends. The critical load shall be based on the effective flexural stiffness, reduced for sustained loads by the factor beta_d.',
                eq('delta_b = Cm / (1 - Pf / (phi_m Pc)) >= 1.0', '(10.17)'),
              ),
              filler('10.15', 4, 3),
            ],
          },
        ],
      },
      {
        label: 'CLAUSE 11',
        title: 'SHEAR AND TORSION',
        sections: [
          {
            number: '11.2',
            title: 'General requirements',
            topic: 'shear',
            items: [
              clause(
                '11.2.8.2',
                'Minimum amount of transverse reinforcement',
                'Where shear reinforcement is required by analysis or by Clause 11.2.8.1, the area of shear reinforcement shall be not less than:',
                eq("Av = 0.06 sqrt(f'c) bw s / fy", '(11.1)'),
              ),
              filler('11.2', 9, 3),
            ],
          },
          {
            number: '11.3',
            title: 'Design for shear and torsion in flexural regions',
            topic: 'shear',
            items: [
              clause(
                '11.3.3',
                'Factored shear resistance',
                'The factored shear resistance shall be determined as the sum of the contributions of the concrete, the transverse reinforcement and the vertical component of prestress:',
                eq('Vr = Vc + Vs + Vp', '(11.4)'),
                "Vr shall not be taken greater than 0.25 phi_c f'c bw dv + Vp, which limits crushing of the web.",
              ),
              clause(
                '11.3.4',
                'Determination of Vc',
                'The factored shear resistance attributed to the concrete shall be computed from the factor beta, which accounts for the shear resistance of cracked concrete:',
                eq("Vc = phi_c lambda beta sqrt(f'c) bw dv", '(11.5)', "where sqrt(f'c) shall not exceed 8 MPa."),
              ),
              clause(
                '11.3.5.1',
                'Simplified method for beta and theta',
                'For sections that are not subjected to significant axial tension, the values of beta and theta may be determined as follows in lieu of the general method:',
                '(a) where the section contains at least the minimum transverse reinforcement required by Clause 11.2.8.2, beta may be taken as 0.18;',
                '(b) where the section contains no transverse reinforcement and the specified nominal maximum size of coarse aggregate is not less than 20 mm, beta shall be taken as 230/(1000 + dv);',
                '(c) theta may be taken as 35 degrees.',
              ),
              clause(
                '11.3.6.4',
                'General method',
                'The value of beta shall be determined from the longitudinal strain at mid-depth of the section and the crack spacing parameter, so that larger members and members with higher longitudinal strain are assigned smaller concrete contributions:',
                eq('beta = (0.40 / (1 + 1500 epsilon_x)) (1300 / (1000 + sze))', '(11.11)'),
              ),
              filler('11.3', 7, 4),
            ],
          },
        ],
      },
      {
        label: 'CLAUSE 12',
        title: 'DEVELOPMENT AND SPLICES OF REINFORCEMENT',
        sections: [
          {
            number: '12.2',
            title: 'Development of deformed bars and deformed wire in tension',
            topic: 'development',
            items: [
              clause(
                '12.2.2',
                'Development length',
                'The development length ld of deformed bars and deformed wire in tension shall be determined from the general equation, but shall not be less than 300 mm:',
                eq(
                  "ld = 1.15 (k1 k2 k3 k4 / (dcs + Ktr)) (fy / sqrt(f'c)) Ab",
                  '(12.1)',
                  'where dcs shall not be taken greater than 2.5db.',
                ),
              ),
              clause(
                '12.2.3',
                'Simplified development length',
                'For bars with clear cover not less than db, clear spacing not less than 1.4db and at least minimum stirrups or ties along ld, the development length may be taken from Table 12.1 in lieu of Equation (12.1).',
              ),
              table(
                'Table 12.1',
                'Development length ld of deformed bars in tension',
                ['Condition:2', '20M and smaller bars:1.5', '25M and larger bars:1.5'],
                [
                  [
                    'Minimum cover, spacing and transverse reinforcement provided',
                    "0.45 k1 k2 k3 k4 (fy/sqrt(f'c)) db",
                    "0.60 k1 k2 k3 k4 (fy/sqrt(f'c)) db",
                  ],
                  ['Other cases', "0.60 k1 k2 k3 k4 (fy/sqrt(f'c)) db", "0.75 k1 k2 k3 k4 (fy/sqrt(f'c)) db"],
                ],
                'k1 bar location, k2 coating, k3 concrete density and k4 bar size factors are given in Clause 12.2.4.',
              ),
              table(
                'Table 12.2',
                'Modification factors for development length',
                ['Factor:1.4', 'Condition:3', 'Value:0.7'],
                [
                  [
                    'k1 bar location',
                    'Horizontal reinforcement placed with more than 300 mm of fresh concrete below it',
                    '1.3',
                  ],
                  ['', 'Other cases', '1.0'],
                  [
                    'k2 coating',
                    'Epoxy-coated reinforcement with cover less than 3db or clear spacing less than 6db',
                    '1.5',
                  ],
                  ['', 'Other epoxy-coated reinforcement', '1.2'],
                  ['k3 concrete density', 'Structural low-density concrete', '1.3'],
                  ['k4 bar size', '20M and smaller bars', '0.8'],
                ],
                'The product k1 k2 need not be taken greater than 1.7.',
              ),
              filler('12.2', 5, 3),
            ],
          },
          {
            number: '12.15',
            title: 'Splices of deformed bars and deformed wire in tension',
            topic: 'splices',
            items: [
              clause(
                '12.15.1',
                'Lap splice classes',
                'The minimum length of lap for tension lap splices shall be as required for Class A or Class B splices, but not less than 300 mm. A Class A splice has a length of 1.0ld and a Class B splice a length of 1.3ld, where ld is the development length for the specified yield strength.',
              ),
              clause(
                '12.15.2',
                'Use of Class A and Class B splices',
                'Lap splices of deformed bars in tension shall be Class B splices, except that Class A splices are permitted where the area of reinforcement provided is at least twice that required by analysis over the entire length of the splice and one-half or less of the total reinforcement is spliced within the required lap length.',
              ),
              figure('Figure 12.1', 'Lap splice of two bars in tension', 'lap', 80),
              filler('12.15', 3, 4),
            ],
          },
        ],
      },
      {
        label: 'CLAUSE 13',
        title: 'TWO-WAY SLAB SYSTEMS',
        sections: [
          {
            number: '13.2',
            title: 'Minimum slab thickness',
            topic: 'slabs',
            items: [
              clause(
                '13.2.3',
                'Two-way slabs without drop panels',
                'For slab systems without beams between interior supports and with a ratio of long to short span not greater than 2.0, the minimum overall thickness shall be ln (0.6 + fy/1000) / 30, with ln the clear span in the long direction. Edge panels without edge beams shall have the thickness increased by ten percent.',
                eq('hs,min = ln (0.6 + fy / 1000) / 30', '(13.1)'),
              ),
              filler('13.2', 4, 4),
            ],
          },
          {
            number: '13.3',
            title: 'Shear in slab systems',
            topic: 'punching',
            items: [
              clause(
                '13.3.3.1',
                'Critical section for two-way action',
                'The critical shear section for two-way action shall be a perimeter located at a distance not farther than d/2 from the periphery of the concentrated load or reaction area, or from changes in slab thickness such as the edges of capitals or drop panels, so that its length bo is a minimum.',
              ),
              figure(
                'Figure 13.1',
                'Critical shear section for two-way action at an interior column',
                'slab-column',
                120,
              ),
              clause(
                '13.3.4.1',
                'Factored shear stress resistance',
                'For two-way action without shear reinforcement, the factored shear stress resistance vc shall be the smallest of:',
                eq("vc = (1 + 2 / beta_c) 0.19 lambda phi_c sqrt(f'c)", '(13.5)'),
                eq("vc = (alpha_s d / bo + 0.19) lambda phi_c sqrt(f'c)", '(13.6)'),
                eq(
                  "vc = 0.38 lambda phi_c sqrt(f'c)",
                  '(13.7)',
                  'where beta_c is the ratio of the long side to the short side of the column and alpha_s is 4 for interior, 3 for edge and 2 for corner columns.',
                ),
              ),
              filler('13.3', 5, 5),
            ],
          },
        ],
      },
      {
        label: 'CLAUSE 14',
        title: 'WALLS',
        sections: [
          {
            number: '14.1',
            title: 'General requirements for all walls',
            topic: 'walls',
            items: [filler('14.1', 1, 6)],
          },
        ],
      },
      {
        label: 'CLAUSE 15',
        title: 'FOUNDATIONS',
        sections: [
          {
            number: '15.4',
            title: 'Footings',
            topic: 'foundations',
            items: [filler('15.4', 1, 6)],
          },
        ],
      },
      {
        label: 'CLAUSE 16',
        title: 'PRECAST CONCRETE',
        sections: [
          {
            number: '16.2',
            title: 'Design',
            topic: 'construction',
            items: [filler('16.2', 1, 4)],
          },
        ],
      },
      {
        label: 'CLAUSE 17',
        title: 'COMPOSITE CONCRETE FLEXURAL MEMBERS',
        sections: [
          {
            number: '17.4',
            title: 'Flexure and shear',
            topic: 'flexure',
            items: [filler('17.4', 1, 5)],
          },
        ],
      },
      {
        label: 'CLAUSE 18',
        title: 'PRESTRESSED CONCRETE',
        sections: [
          {
            number: '18.4',
            title: 'Permissible stresses and loss of prestress',
            topic: 'prestress',
            items: [filler('18.4', 1, 6)],
          },
        ],
      },
      {
        label: 'CLAUSE 22',
        title: 'PLAIN CONCRETE',
        sections: [
          {
            number: '22.4',
            title: 'Design of plain concrete members',
            topic: 'walls',
            items: [filler('22.4', 1, 4)],
          },
        ],
      },
    ],
  };
}
