/**
 * Synthetic "AS 3600:2018": clauses 8.2.4 with their own headings, equations
 * labelled "8.2.4(1)", tables "Table 4.10.3.2". All clause text is original;
 * only numbering style and topics follow the real Standard.
 */
import type { CodeSpec } from '../types.ts';
import { CONCRETE_TERMS } from './definitions.ts';
import { clause, defs, eq, figure, filler, table } from './dsl.ts';

export function as3600(): CodeSpec {
  return {
    fileId: 'as-3600-2018',
    designation: 'AS 3600:2018',
    title: 'Concrete structures',
    family: 'as',
    paper: 'a4',
    columns: 1,
    seed: 36002018,
    chapters: [
      {
        label: 'SECTION 1',
        title: 'SCOPE AND GENERAL',
        sections: [
          {
            number: '1.6',
            title: 'Definitions',
            topic: 'materials',
            items: [
              clause(
                '1.6.1',
                'General',
                'For the purpose of this Standard, the definitions below apply. Where a term is defined in AS/NZS 1170.0, that definition applies unless it is given a different meaning here.',
              ),
              defs(
                '1.6.2',
                1,
                CONCRETE_TERMS,
                [
                  'axis distance',
                  'capacity reduction factor',
                  'characteristic strength',
                  'concrete cover',
                  'creep',
                  'design life',
                  'development length',
                  'drop panel',
                  'effective depth',
                  'exposure classification',
                  'fire-resistance level',
                  'fire resistance period',
                  'flat plate',
                  'lap splice',
                  'link',
                  'shrinkage',
                  'slenderness ratio',
                  'dv',
                  'tendon',
                  'critical section',
                ],
                {
                  'development length':
                    'length of embedment of a bar needed to develop its yield strength in tension or compression, measured from the critical section',
                },
              ),
            ],
          },
        ],
      },
      {
        label: 'SECTION 2',
        title: 'DESIGN PROCEDURES, ACTIONS AND LOADS',
        sections: [
          {
            number: '2.2',
            title: 'Design for strength',
            topic: 'resistance',
            items: [
              clause(
                '2.2.2',
                'Capacity reduction factors',
                'The capacity reduction factor phi for the design of members for strength shall be taken from Table 2.2.2. The design capacity phi Ru shall be not less than the design action effect Ed obtained from the combinations of factored actions of AS/NZS 1170.0.',
              ),
              table(
                'Table 2.2.2',
                'Capacity reduction factors phi',
                ['Type of action effect:3', 'phi:2'],
                [
                  ['Axial force without bending: tension, reinforcement of Class N', '0.80'],
                  ['Bending without axial force, with kuo not exceeding 0.36', '0.85'],
                  ['Bending with axial compression where kuo exceeds the limit', '0.60 to 0.85, varying with kuo'],
                  ['Shear', '0.75'],
                  ['Torsion', '0.75'],
                  ['Bearing', '0.60'],
                  ['Struts and ties in strut-and-tie models', '0.60 for struts, 0.80 for ties'],
                ],
              ),
              filler('2.2', 3, 3),
            ],
          },
          {
            number: '2.3',
            title: 'Design for serviceability',
            topic: 'deflection',
            items: [
              clause(
                '2.3.2',
                'Deflection',
                'The deflection of beams and slabs shall be limited so that the structure serves its purpose without causing damage to attached partitions, finishes and services. Calculated deflections shall not exceed the limits of Table 2.3.2, with the total deflection limited for appearance and the incremental deflection after attachment limited for the protection of brittle elements such as masonry walls.',
              ),
              table(
                'Table 2.3.2',
                'Limits for calculated vertical deflections of beams and slabs',
                ['Type of member:2', 'Deflection to be considered:2.6', 'Limit for spans:1'],
                [
                  ['All members', 'The total deflection', 'Leff/250'],
                  [
                    'Members supporting masonry partitions',
                    'The deflection that occurs after the addition or attachment of the partitions',
                    'Leff/500 where provision is made to minimize the effect of movement, otherwise Leff/1000',
                  ],
                  [
                    'Members supporting other brittle finishes',
                    'The deflection that occurs after the addition or attachment of the finish',
                    'As advised by the manufacturer',
                  ],
                  [
                    'Members subjected to vehicular or pedestrian traffic',
                    'The imposed action (live load and dynamic impact) deflection',
                    'Leff/800',
                  ],
                ],
              ),
              filler('2.3', 3, 2),
            ],
          },
        ],
      },
      {
        label: 'SECTION 3',
        title: 'DESIGN PROPERTIES OF MATERIALS',
        sections: [
          {
            number: '3.1',
            title: 'Properties of concrete',
            topic: 'materials',
            items: [
              clause(
                '3.1.1',
                'Strength',
                "The characteristic compressive strength f'c at 28 days shall be either taken as equal to the standard strength grade of 20, 25, 32, 40, 50, 65, 80 or 100 MPa, or determined statistically from compressive strength tests. The mean in situ strength may be taken as 0.90 of the mean cylinder strength.",
              ),
              clause(
                '3.1.2',
                'Modulus of elasticity',
                'The mean value of the modulus of elasticity of concrete at the appropriate age, Ecj, shall be either taken as a value determined by test or calculated from the density and the mean in situ compressive strength as follows:',
                eq(
                  'Ecj = (rho^1.5) (0.043 sqrt(fcmi))',
                  '3.1.2(1)',
                  'for fcmi <= 40 MPa, where rho is the density of the concrete in kg/m³.',
                ),
                eq('Ecj = (rho^1.5) (0.024 sqrt(fcmi) + 0.12)', '3.1.2(2)', 'for fcmi > 40 MPa.'),
                'The value so determined has a range of plus or minus twenty percent, and the designer shall consider this range where deflections are critical.',
              ),
              table(
                'Table 3.1.2',
                'Mean modulus of elasticity of concrete at 28 days',
                ["f'c (MPa):1", 'Ecj (MPa):1'],
                [
                  ['20', '24 000'],
                  ['25', '26 700'],
                  ['32', '30 100'],
                  ['40', '32 800'],
                  ['50', '34 800'],
                  ['65', '37 400'],
                ],
                'Values are for concrete of density 2400 kg/m³ and may vary by plus or minus twenty percent.',
              ),
              filler('3.1', 3, 3),
            ],
          },
        ],
      },
      {
        label: 'SECTION 4',
        title: 'DESIGN FOR DURABILITY',
        sections: [
          {
            number: '4.3',
            title: 'Exposure classification',
            topic: 'durability',
            items: [
              clause(
                '4.3.1',
                'General',
                'The exposure classification for each surface of a member shall be determined from Table 4.3. The most severe classification applicable to any surface of the member shall be used for the concrete quality, and the classification of each surface shall be used for its cover.',
              ),
              table(
                'Table 4.3',
                'Exposure classifications',
                ['Surface and exposure environment:3', 'Exposure classification:1'],
                [
                  [
                    'Members in interior environments, fully enclosed within a building except for a brief period of weather exposure during construction',
                    'A1',
                  ],
                  [
                    'Members in non-aggressive soil, or exterior members in inland areas more than 50 km from the coast',
                    'A2',
                  ],
                  ['Exterior members in near-coastal areas, 1 km to 50 km from the coastline', 'B1'],
                  ['Exterior members in coastal areas up to 1 km from the coastline, or in fresh water', 'B2'],
                  ['Members in the tidal or splash zone, or exposed to seawater spray', 'C1'],
                  ['Members permanently submerged in seawater or in the spray zone of aggressive water', 'C2'],
                  ['Exposure in any other environment not listed above', 'U'],
                ],
              ),
              filler('4.3', 2, 3),
            ],
          },
          {
            number: '4.10',
            title: 'Requirements for cover to reinforcing steel and tendons',
            topic: 'cover',
            items: [
              clause(
                '4.10.3.2',
                'Cover where standard formwork and compaction are used',
                "Where concrete is cast in formwork complying with the construction requirements and compacted to the specified standard, the cover for corrosion protection shall be not less than the value given in Table 4.10.3.2 for the exposure classification and the characteristic strength f'c. Higher strengths allow smaller covers because the concrete is denser and less permeable.",
              ),
              table(
                'Table 4.10.3.2',
                'Required cover where standard formwork and compaction are used (mm)',
                ['Exposure classification:1.4', "f'c 20 MPa:1", '25 MPa:1', '32 MPa:1', '40 MPa:1', '>= 50 MPa:1'],
                [
                  ['A1', '20', '20', '20', '20', '20'],
                  ['A2', '50', '30', '25', '20', '20'],
                  ['B1', '-', '60', '40', '30', '25'],
                  ['B2', '-', '-', '65', '45', '35'],
                  ['C1', '-', '-', '-', '70', '50'],
                  ['C2', '-', '-', '-', '-', '65'],
                ],
                'A dash indicates that the strength is not permitted for the exposure classification.',
              ),
              filler('4.10', 4, 3),
            ],
          },
        ],
      },
      {
        label: 'SECTION 5',
        title: 'DESIGN FOR FIRE RESISTANCE',
        sections: [
          {
            number: '5.3',
            title: 'Design performance criteria',
            topic: 'fire',
            items: [
              clause(
                '5.3.1',
                'Fire-resistance levels',
                'A member required to have a fire-resistance level shall be designed to have fire resistance periods for structural adequacy, integrity and insulation not less than those required. The fire-resistance level is written as three numbers in minutes in that order, for example 120/120/120 for a wall that must carry load, resist the passage of flame and limit the temperature of its unexposed face for two hours.',
              ),
              table(
                'Table 5.3.1',
                'Typical fire-resistance levels expressed as structural adequacy/integrity/insulation',
                ['Element:3', 'FRL (min):1.5'],
                [
                  ['Loadbearing internal wall', '120/120/120'],
                  ['Loadbearing column', '120/-/-'],
                  ['Floor slab separating fire compartments', '120/120/120'],
                  ['Beam', '120/-/-'],
                  ['Non-loadbearing wall', '-/120/120'],
                ],
                'A dash means that the criterion does not apply to the element.',
              ),
              filler('5.3', 2, 3),
            ],
          },
          {
            number: '5.5',
            title: 'Slabs',
            topic: 'fire',
            items: [
              clause(
                '5.5.1',
                'Insulation of slabs',
                'The fire resistance period of a slab for insulation shall be determined from its effective thickness in accordance with Table 5.5.1. The effective thickness of a solid slab is its overall thickness; for hollow-core and ribbed slabs it is the net cross-sectional area divided by the width.',
              ),
              table(
                'Table 5.5.1',
                'Fire resistance periods (FRPs) for insulation of slabs',
                ['Fire resistance period for insulation, min:2', 'Effective thickness, mm:1'],
                [
                  ['30', '60'],
                  ['60', '80'],
                  ['90', '100'],
                  ['120', '120'],
                  ['180', '150'],
                  ['240', '175'],
                ],
              ),
              clause(
                '5.5.2',
                'Structural adequacy of slabs',
                'The fire resistance period of a slab for structural adequacy depends on the axis distance to the bottom reinforcement and on whether the slab is simply supported or continuous. Continuous slabs, in which moments redistribute toward the supports during a fire, require smaller axis distances than simply supported slabs for the same period.',
              ),
              filler('5.5', 3, 2),
            ],
          },
        ],
      },
      {
        label: 'SECTION 6',
        title: 'METHODS OF STRUCTURAL ANALYSIS',
        sections: [
          {
            number: '6.2',
            title: 'Linear elastic analysis',
            topic: 'analysis',
            items: [filler('6.2', 1, 6)],
          },
        ],
      },
      {
        label: 'SECTION 7',
        title: 'STRUT-AND-TIE MODELLING',
        sections: [
          {
            number: '7.2',
            title: 'Concrete struts',
            topic: 'detailing',
            items: [filler('7.2', 1, 4)],
          },
        ],
      },
      {
        label: 'SECTION 8',
        title: 'DESIGN OF BEAMS FOR STRENGTH AND SERVICEABILITY',
        sections: [
          {
            number: '8.1',
            title: 'Strength of beams in bending',
            topic: 'flexure',
            items: [
              clause(
                '8.1.3',
                'Rectangular stress block',
                "A uniform compressive stress of alpha2 f'c may be assumed to act on an area bounded by the edges of the cross-section and a line parallel to the neutral axis, at a distance gamma kuo d from the extreme compressive fibre, where:",
                eq("alpha2 = 0.85 - 0.0015 f'c, but 0.67 <= alpha2 <= 0.85", '8.1.3(1)'),
                eq("gamma = 0.97 - 0.0025 f'c, but 0.67 <= gamma <= 0.85", '8.1.3(2)'),
              ),
              figure(
                'Figure 8.1.3',
                'Rectangular stress block at the ultimate strength of a beam section',
                'section',
                130,
              ),
              filler('8.1', 4, 2),
            ],
          },
          {
            number: '8.2',
            title: 'Strength of beams in shear',
            topic: 'shear',
            items: [
              clause(
                '8.2.1',
                'General',
                'The design shear strength of a beam shall be taken as phi Vu, where Vu is the sum of the contributions of the concrete, Vuc, and of the shear reinforcement, Vus. The effective shear depth dv shall be taken as the greater of 0.72D and 0.9d.',
              ),
              filler('8.2', 2, 2),
              clause(
                '8.2.4',
                'Shear strength excluding shear reinforcement',
                "The contribution of the concrete to the ultimate shear strength of a beam, Vuc, shall be calculated from the effective shear depth and the square root of f'c, with a factor kv that decreases as the longitudinal strain at mid-depth increases and as the member becomes deeper:",
                eq("Vuc = kv bv dv sqrt(f'c)", '8.2.4(1)'),
                eq(
                  'kv = (0.4 / (1 + 1500 epsilon_x)) (1300 / (1000 + kdg dv))',
                  '8.2.4(2)',
                  "where sqrt(f'c) shall not be taken greater than 8 MPa.",
                ),
                'For beams containing at least the minimum transverse reinforcement, kv may be taken as 0.15 in the simplified method.',
              ),
              clause(
                '8.2.5',
                'Shear strength contributed by shear reinforcement',
                'The contribution of perpendicular shear reinforcement to the ultimate shear strength of a beam shall be calculated from the area and spacing of the reinforcement and the angle of the compression strut:',
                eq('Vus = (Asv fsy.f dv / s) cot theta_v', '8.2.5(2)'),
              ),
              filler('8.2', 6, 3),
            ],
          },
          {
            number: '8.5',
            title: 'Beam deflection by refined calculation',
            topic: 'deflection',
            items: [
              clause(
                '8.5.3.2',
                'Long-term deflection',
                'For reinforced beams, the additional long-term deflection due to creep and shrinkage may be determined, in the absence of more accurate calculations, by multiplying the short-term deflection caused by the permanent load by the multiplier kcs:',
                eq(
                  'kcs = [2 - 1.2 (Asc / Ast)] >= 0.8',
                  '8.5.3.2(1)',
                  'where Asc is the area of steel in the compression zone of the cracked section at midspan.',
                ),
              ),
              filler('8.5', 4, 3),
            ],
          },
          {
            number: '8.6',
            title: 'Crack control of beams',
            topic: 'cracking',
            items: [
              clause(
                '8.6.1',
                'Crack control for tension and flexure in reinforced beams',
                'Cracking in reinforced beams subjected primarily to tension or flexure shall be deemed to be controlled if the area of reinforcement in the tension zone is not less than the minimum for strength, the centre-to-centre spacing of bars near the tension face does not exceed 300 mm, and the calculated steel stress under serviceability loads does not exceed the limit that depends on the bar diameter.',
              ),
              table(
                'Table 8.6.1(A)',
                'Maximum steel stress for tension or flexure in beams',
                ['Nominal bar diameter, mm:1', 'Maximum steel stress, MPa:1'],
                [
                  ['10', '360'],
                  ['12', '330'],
                  ['16', '280'],
                  ['20', '240'],
                  ['24', '210'],
                  ['28', '185'],
                  ['32', '160'],
                ],
              ),
              filler('8.6', 2, 3),
            ],
          },
        ],
      },
      {
        label: 'SECTION 9',
        title: 'DESIGN OF SLABS FOR STRENGTH AND SERVICEABILITY',
        sections: [
          {
            number: '9.1',
            title: 'Strength of slabs in bending',
            topic: 'slabs',
            items: [filler('9.1', 1, 4)],
          },
          {
            number: '9.3',
            title: 'Strength of slabs in shear',
            topic: 'punching',
            items: [
              clause(
                '9.3.1',
                'Definitions and critical shear perimeter',
                'The critical shear perimeter u is the perimeter of the critical section, defined by a line geometrically similar to the boundary of the effective loaded area and located at a distance dom/2 from it, where dom is the mean effective depth of the slab around the critical shear perimeter.',
              ),
              figure(
                'Figure 9.3.1',
                'Critical shear perimeter around a column and the effect of an opening',
                'slab-column',
                140,
              ),
              clause(
                '9.3.3',
                'Shear strength of a slab without moment transfer',
                'The ultimate shear strength of a slab where the design moment transferred to the support is zero shall be calculated from the critical shear perimeter and the concrete shear stress fcv:',
                eq('Vuo = u dom (fcv + 0.3 sigma_cp)', '9.3.3(1)'),
                eq(
                  "fcv = 0.17 (1 + 2 / beta_h) sqrt(f'c) <= 0.34 sqrt(f'c)",
                  '9.3.3(2)',
                  'where beta_h is the ratio of the longest overall dimension of the effective loaded area to the overall dimension measured perpendicular to it.',
                ),
              ),
              filler('9.3', 4, 4),
            ],
          },
        ],
      },
      {
        label: 'SECTION 10',
        title: 'DESIGN OF COLUMNS FOR STRENGTH AND SERVICEABILITY',
        sections: [
          {
            number: '10.7',
            title: 'Reinforcement requirements for columns',
            topic: 'columns',
            items: [
              clause(
                '10.7.1',
                'Limitations on longitudinal steel',
                'The cross-sectional area of the longitudinal reinforcement in a column shall be not less than 0.01Ag, except that a smaller ratio may be used where the column has a larger area than required for strength, and shall not exceed 0.04Ag unless the region of lapped splices is specifically designed for the congestion.',
              ),
              filler('10.7', 2, 4),
            ],
          },
        ],
      },
      {
        label: 'SECTION 11',
        title: 'DESIGN OF WALLS',
        sections: [
          {
            number: '11.5',
            title: 'Simplified design method for walls subject to vertical compression forces',
            topic: 'walls',
            items: [filler('11.5', 1, 5)],
          },
        ],
      },
      {
        label: 'SECTION 12',
        title: 'DESIGN OF NON-FLEXURAL MEMBERS, END ZONES AND BEARING SURFACES',
        sections: [
          {
            number: '12.5',
            title: 'Anchorage zones for prestressing anchorages',
            topic: 'prestress',
            items: [filler('12.5', 1, 5)],
          },
        ],
      },
      {
        label: 'SECTION 13',
        title: 'STRESS DEVELOPMENT OF REINFORCEMENT AND TENDONS',
        sections: [
          {
            number: '13.1',
            title: 'Stress development in reinforcement',
            topic: 'development',
            items: [
              filler('13.1.1', 1, 2),
              clause(
                '13.1.2.2',
                'Development length to develop yield strength of a deformed bar in tension',
                "The basic development length Lsy.tb of a deformed bar in tension shall be calculated from the bar diameter, the yield strength fsy and the strength f'c, with factors for bar position and for cover and spacing:",
                eq("Lsy.tb = 0.5 k1 k3 fsy db / (k2 sqrt(f'c)) >= 0.058 fsy k1 db", '13.1.2.2(1)'),
                'In this equation k1 is 1.3 for a horizontal bar with more than 300 mm of concrete cast below it and 1.0 otherwise, k2 = (132 - db)/100, and k3 reflects the clear cover and the clear spacing between bars, with values between 0.7 and 1.0.',
              ),
              clause(
                '13.1.2.3',
                'Refined development length',
                'The refined development length may be determined by multiplying the basic length by factors that account for transverse reinforcement, transverse pressure and the ratio of the stress required to the yield strength, but it shall not be less than the minimum stated in Clause 13.1.2.2.',
              ),
              filler('13.1.3', 1, 2),
            ],
          },
          {
            number: '13.2',
            title: 'Splicing of reinforcement',
            topic: 'splices',
            items: [
              clause(
                '13.2.2',
                'Lapped splices for bars in tension',
                'The tensile lap length Lsy.t.lap for either contact or non-contact splices shall be the development length multiplied by the factor k7, which is 1.25 in general and 1.0 where the area of steel provided is at least twice that required and no more than half of the steel is spliced at one section. The lap length shall not be less than 29 k1 db.',
              ),
              filler('13.2', 3, 4),
            ],
          },
        ],
      },
      {
        label: 'SECTION 15',
        title: 'PLAIN CONCRETE PEDESTALS AND FOOTINGS',
        sections: [
          {
            number: '15.2',
            title: 'Design of footings',
            topic: 'foundations',
            items: [filler('15.2', 1, 5)],
          },
        ],
      },
      {
        label: 'SECTION 17',
        title: 'MATERIAL AND CONSTRUCTION REQUIREMENTS',
        sections: [
          {
            number: '17.1',
            title: 'Material and construction requirements for concrete and grout',
            topic: 'construction',
            items: [filler('17.1', 1, 6)],
          },
        ],
      },
    ],
  };
}
