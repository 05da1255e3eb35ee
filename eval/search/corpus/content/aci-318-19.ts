/**
 * Synthetic "ACI 318-19": US numbering (22.5.5.1, Table 22.5.5.1, Eq. (22.5.5.1)).
 * Every clause is original text written for the search benchmark; only the
 * numbering style and the engineering topics follow the real document.
 */
import type { CodeSpec } from '../types.ts';
import { CONCRETE_TERMS } from './definitions.ts';
import { clause, defs, eq, figure, filler, table } from './dsl.ts';

export function aci318(): CodeSpec {
  return {
    fileId: 'aci-318-19',
    designation: 'ACI 318-19',
    title: 'Building Code Requirements for Structural Concrete',
    family: 'aci',
    paper: 'letter',
    columns: 1,
    seed: 31819,
    chapters: [
      {
        label: 'CHAPTER 2',
        title: 'NOTATION AND TERMINOLOGY',
        sections: [
          {
            number: '2.3',
            title: 'Terminology',
            topic: 'materials',
            items: [
              clause(
                '2.3.1',
                'Scope of terminology',
                'Terms defined in this section apply throughout this Code. Terms not defined here shall have their ordinary meaning in the context of concrete design and construction. Where a term is also defined in the general building code, the definition in this Code shall apply to the design of structural concrete.',
              ),
              defs('2.3.2', 1, CONCRETE_TERMS, [
                'clear cover',
                'column',
                'creep',
                'critical section',
                'deformed bar',
                'development length',
                'drop panel',
                'effective depth',
                'flat plate',
                'hook',
                'lap splice',
                'lightweight concrete',
                'shear reinforcement',
                'shrinkage',
                'slenderness ratio',
                'specified compressive strength',
                'stirrup',
                'strength reduction factor',
                'strut-and-tie model',
                'tendon',
                'two-way slab',
                'exposure class',
              ]),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 5',
        title: 'LOADS',
        sections: [
          {
            number: '5.3',
            title: 'Load factors and combinations',
            topic: 'loading',
            items: [
              clause(
                '5.3.1',
                'Required strength',
                'Required strength U shall be at least equal to the effects of factored loads in the load combinations of Table 5.3.1. The combination that produces the most unfavourable effect on the member or section under consideration shall govern, and every combination shall be investigated with one or more of the transient loads set to zero.',
                'Where the effects of wind or earthquake are given at service level by the applicable loading standard, they shall be converted to strength level before being used in Table 5.3.1.',
              ),
              table(
                'Table 5.3.1',
                'Load combinations',
                ['Load combination:3', 'Equation:1', 'Primary load:1'],
                [
                  ['U = 1.4D', '(5.3.1a)', 'D'],
                  ['U = 1.2D + 1.6L + 0.5(Lr or S or R)', '(5.3.1b)', 'L'],
                  ['U = 1.2D + 1.6(Lr or S or R) + (1.0L or 0.5W)', '(5.3.1c)', 'Lr or S or R'],
                  ['U = 1.2D + 1.0W + 1.0L + 0.5(Lr or S or R)', '(5.3.1d)', 'W'],
                  ['U = 1.2D + 1.0E + 1.0L + 0.2S', '(5.3.1e)', 'E'],
                  ['U = 0.9D + 1.0W', '(5.3.1f)', 'W'],
                  ['U = 0.9D + 1.0E', '(5.3.1g)', 'E'],
                ],
              ),
              filler('5.3', 2, 4),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 6',
        title: 'STRUCTURAL ANALYSIS',
        sections: [
          {
            number: '6.6',
            title: 'First-order analysis with slenderness effects',
            topic: 'analysis',
            items: [
              filler('6.6.4', 1, 3),
              clause(
                '6.6.4.5.2',
                'Moment magnification in nonsway frames',
                'The factored moment used for the design of a column in a nonsway frame shall be the larger first-order end moment amplified by the magnifier delta, which accounts for the curvature of the column between its ends:',
                eq('delta = Cm / (1 - Pu / (0.75 Pc)) >= 1.0', '(6.6.4.5.2)'),
                'The critical buckling load Pc shall be calculated with the effective stiffness (EI)eff and the effective length factor k, taken as 1.0 unless a smaller value is justified by analysis:',
                eq('Pc = pi^2 (EI)eff / (k lu)^2', '(6.6.4.4.2)'),
              ),
              filler('6.6.4', 6, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 7',
        title: 'ONE-WAY SLABS',
        sections: [
          {
            number: '7.3',
            title: 'Design limits',
            topic: 'slabs',
            items: [
              clause(
                '7.3.1.1',
                'Minimum slab thickness',
                'For solid nonprestressed slabs not supporting or attached to partitions or other construction likely to be damaged by large deflections, the overall slab thickness h shall not be less than the limits in Table 7.3.1.1, unless the calculated deflection limits of 7.3.2 are satisfied. The values apply to normalweight concrete and Grade 420 reinforcement.',
              ),
              table(
                'Table 7.3.1.1',
                'Minimum thickness of solid nonprestressed one-way slabs',
                ['Support condition:2', 'Minimum h:1'],
                [
                  ['Simply supported', 'l/20'],
                  ['One end continuous', 'l/24'],
                  ['Both ends continuous', 'l/28'],
                  ['Cantilever', 'l/10'],
                ],
              ),
              filler('7.3.2', 1, 2),
            ],
          },
          {
            number: '7.6',
            title: 'Reinforcement limits',
            topic: 'slabs',
            items: [filler('7.6', 1, 3)],
          },
        ],
      },
      {
        label: 'CHAPTER 8',
        title: 'TWO-WAY SLABS',
        sections: [
          {
            number: '8.3',
            title: 'Design limits',
            topic: 'slabs',
            items: [
              clause(
                '8.3.1.1',
                'Minimum slab thickness for slabs without interior beams',
                'For nonprestressed slabs without interior beams spanning between the supports on all sides, the overall slab thickness h shall not be less than the limits in Table 8.3.1.1, and not less than 125 mm for slabs without drop panels. Thinner slabs are permitted only where calculated deflections satisfy the limits of Table 24.2.2.',
              ),
              table(
                'Table 8.3.1.1',
                'Minimum thickness of nonprestressed two-way slabs without interior beams',
                [
                  'fy, MPa:1',
                  'Exterior panels without edge beams:1.6',
                  'Exterior panels with edge beams:1.6',
                  'Interior panels:1.2',
                ],
                [
                  ['280', 'ln/33', 'ln/36', 'ln/36'],
                  ['420', 'ln/30', 'ln/33', 'ln/33'],
                  ['550', 'ln/27', 'ln/30', 'ln/30'],
                ],
                'Values apply to slabs without drop panels; ln is the clear span in the long direction.',
              ),
              filler('8.3.2', 1, 3),
            ],
          },
          {
            number: '8.10',
            title: 'Direct design method',
            topic: 'slabs',
            items: [filler('8.10', 1, 3)],
          },
        ],
      },
      {
        label: 'CHAPTER 9',
        title: 'BEAMS',
        sections: [
          {
            number: '9.6',
            title: 'Reinforcement limits',
            topic: 'detailing',
            items: [
              filler('9.6.1', 1, 3),
              clause(
                '9.6.3.1',
                'Minimum shear reinforcement',
                'A minimum area of shear reinforcement Av,min shall be provided in every region of a beam where Vu exceeds 0.5 phi Vc. This requirement need not be applied in the following cases:',
                '(a) beams with an overall depth h not greater than 250 mm;',
                '(b) beams built integrally with slabs, where h does not exceed the greater of 2.5 times the flange thickness and half the web width, nor 600 mm;',
                '(c) beams of steel fiber-reinforced normalweight concrete meeting the acceptance criteria for fiber reinforcement.',
              ),
              clause(
                '9.6.3.4',
                'Area of minimum shear reinforcement',
                'Where shear reinforcement is required by 9.6.3.1, Av,min/s shall be the greater of the two values below, in which bw is the web width and fyt the specified yield strength of the transverse reinforcement:',
                eq("Av,min / s = 0.062 sqrt(f'c) bw / fyt", '(9.6.3.4a)'),
                eq('Av,min / s = 0.35 bw / fyt', '(9.6.3.4b)'),
              ),
              filler('9.6.4', 1, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 10',
        title: 'COLUMNS',
        sections: [
          {
            number: '10.6',
            title: 'Reinforcement limits',
            topic: 'columns',
            items: [
              clause(
                '10.6.1.1',
                'Minimum and maximum longitudinal reinforcement',
                'For nonprestressed columns, the area of longitudinal reinforcement Ast shall be at least 0.01Ag and shall not exceed 0.08Ag. The lower limit provides resistance to bending not captured by analysis and limits the effects of creep and shrinkage under sustained compression; the upper limit avoids congestion, in particular at lap splices, where the reinforcement ratio doubles.',
              ),
              filler('10.6.2', 1, 3),
            ],
          },
          {
            number: '10.7',
            title: 'Reinforcement detailing',
            topic: 'columns',
            items: [filler('10.7', 1, 4)],
          },
        ],
      },
      {
        label: 'CHAPTER 11',
        title: 'WALLS',
        sections: [
          {
            number: '11.3',
            title: 'Design limits',
            topic: 'walls',
            items: [filler('11.3.1', 1, 3)],
          },
          {
            number: '11.6',
            title: 'Reinforcement limits',
            topic: 'walls',
            items: [filler('11.6', 1, 3)],
          },
        ],
      },
      {
        label: 'CHAPTER 13',
        title: 'FOUNDATIONS',
        sections: [
          {
            number: '13.3',
            title: 'Shallow foundations',
            topic: 'foundations',
            items: [
              clause(
                '13.3.1.1',
                'Base area of footings',
                'The minimum base area of a shallow foundation shall be proportioned so that the unfactored forces and moments transmitted to the soil do not produce a pressure greater than the permissible bearing pressure determined from the principles of soil mechanics. The factored loads are then used with the resulting area to design the footing for flexure, shear and development.',
              ),
              figure(
                'Figure 13.3.1',
                'Critical sections for moment and shear in an isolated footing',
                'slab-column',
                120,
              ),
              filler('13.3.1', 2, 4),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 19',
        title: 'CONCRETE: DESIGN AND DURABILITY REQUIREMENTS',
        sections: [
          {
            number: '19.2',
            title: 'Concrete design properties',
            topic: 'materials',
            items: [
              filler('19.2.1', 1, 2),
              clause(
                '19.2.2.1',
                'Modulus of elasticity',
                'The modulus of elasticity Ec of concrete shall be permitted to be calculated by (a) or (b), with wc in kg/m³ and the specified strength in MPa. The value obtained represents the secant modulus at about forty percent of the compressive strength and is intended for calculating deflections and stiffnesses:',
                '(a) for values of wc between 1440 and 2560 kg/m³:',
                eq("Ec = wc^1.5 (0.043) sqrt(f'c)", '(19.2.2.1.a)'),
                '(b) for normalweight concrete:',
                eq("Ec = 4700 sqrt(f'c)", '(19.2.2.1.b)'),
              ),
              clause(
                '19.2.3.1',
                'Modulus of rupture',
                "The modulus of rupture fr used for calculating cracking moments and immediate deflections shall be 0.62 lambda sqrt(f'c), where lambda is the modification factor reflecting the reduced tensile properties of lightweight concrete.",
              ),
              filler('19.2.4', 1, 2),
            ],
          },
          {
            number: '19.3',
            title: 'Concrete durability requirements',
            topic: 'durability',
            items: [
              clause(
                '19.3.1.1',
                'Exposure categories and classes',
                'The licensed design professional shall assign exposure classes according to the severity of the anticipated exposure of each structural member, using the four exposure categories of Table 19.3.1.1. A member may be assigned a class in each category, and the requirements for the concrete mixture follow from the combination of classes assigned.',
              ),
              table(
                'Table 19.3.1.1',
                'Exposure categories and classes',
                ['Category:1.2', 'Class:0.6', 'Condition:3'],
                [
                  ['Freezing and thawing (F)', 'F0', 'Concrete not exposed to cycles of freezing and thawing'],
                  ['', 'F1', 'Exposed to freezing and thawing with limited exposure to water'],
                  ['', 'F2', 'Exposed to freezing and thawing with frequent exposure to water'],
                  ['', 'F3', 'Frequent exposure to water and to deicing chemicals'],
                  ['Sulfate (S)', 'S0 to S3', 'Classes of increasing water-soluble sulfate in soil or water'],
                  [
                    'In contact with water (W)',
                    'W0 to W2',
                    'Dry, in contact with water, or requiring low permeability',
                  ],
                  ['Corrosion protection (C)', 'C0', 'Concrete dry or protected from moisture'],
                  ['', 'C1', 'Exposed to moisture but not to an external source of chlorides'],
                  ['', 'C2', 'Exposed to moisture and chlorides from deicing chemicals, salt, seawater or spray'],
                ],
              ),
              filler('19.3.2', 1, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 20',
        title: 'STEEL REINFORCEMENT PROPERTIES, DURABILITY, AND EMBEDMENTS',
        sections: [
          {
            number: '20.5',
            title: 'Provisions for durability of steel reinforcement',
            topic: 'cover',
            items: [
              filler('20.5.1', 1, 2),
              clause(
                '20.5.1.3.1',
                'Specified concrete cover for cast-in-place nonprestressed members',
                'Nonprestressed cast-in-place concrete members shall have a specified concrete cover for reinforcement not less than that given in Table 20.5.1.3.1. The cover is measured from the concrete surface to the outermost surface of the steel to which the cover requirement applies, which may be a stirrup, tie or hoop rather than a main bar.',
                'Greater cover shall be provided where the exposure is more severe than assumed in the table or where fire protection governs.',
              ),
              table(
                'Table 20.5.1.3.1',
                'Specified concrete cover for cast-in-place nonprestressed members',
                ['Exposure of the concrete:2.2', 'Member:1', 'Reinforcement:1.4', 'Cover, mm:0.7'],
                [
                  ['Cast against and permanently in contact with ground', 'All', 'All', '75'],
                  ['Exposed to weather or in contact with ground', 'All', 'No. 19 through No. 57 bars', '50'],
                  ['', '', 'No. 16 bars and smaller', '40'],
                  [
                    'Not exposed to weather or in contact with ground',
                    'Slabs, joists and walls',
                    'No. 43 and No. 57 bars',
                    '40',
                  ],
                  ['', '', 'No. 36 bars and smaller', '20'],
                  ['', 'Beams, columns, pedestals', 'Primary reinforcement, stirrups, ties, spirals, and hoops', '40'],
                ],
              ),
              filler('20.5.1.4', 1, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 21',
        title: 'STRENGTH REDUCTION FACTORS',
        sections: [
          {
            number: '21.2',
            title: 'Strength reduction factors for structural concrete members and connections',
            topic: 'resistance',
            items: [
              clause(
                '21.2.1',
                'Strength reduction factors',
                'Design strength is the nominal strength multiplied by the strength reduction factor phi of Table 21.2.1. The factor accounts for the probability of understrength due to variations in material strengths and dimensions, for inaccuracies in design equations, and for the ductility and importance of the member.',
              ),
              table(
                'Table 21.2.1',
                'Strength reduction factors phi',
                ['Action or structural element:3', 'phi:1'],
                [
                  ['Moment, axial force, or combined moment and axial force', '0.65 to 0.90 in accordance with 21.2.2'],
                  ['Shear', '0.75'],
                  ['Torsion', '0.75'],
                  ['Bearing', '0.65'],
                  ['Post-tensioned anchorage zones', '0.85'],
                  ['Brackets and corbels', '0.75'],
                  ['Struts, ties, nodal zones and bearing areas in strut-and-tie models', '0.75'],
                  ['Plain concrete elements', '0.60'],
                ],
              ),
              clause(
                '21.2.2',
                'Strength reduction factor for moment and axial force',
                'For moment, axial force, or combined moment and axial force, phi shall be taken as 0.90 for tension-controlled sections, as 0.65 for compression-controlled sections with ties and as 0.75 for sections with spirals. Between these limits phi shall be interpolated linearly on the net tensile strain in the extreme layer of longitudinal tension reinforcement.',
              ),
              filler('21.2', 3, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 22',
        title: 'SECTIONAL STRENGTH',
        sections: [
          {
            number: '22.2',
            title: 'Design assumptions for moment and axial strength',
            topic: 'flexure',
            items: [
              clause(
                '22.2.2.1',
                'Maximum concrete compressive strain',
                'The maximum strain at the extreme concrete compression fiber shall be assumed equal to 0.003. This value is a lower bound of the strains observed at crushing in tests of beams and columns of ordinary proportions.',
              ),
              clause(
                '22.2.2.4.1',
                'Equivalent rectangular stress distribution',
                "The concrete stress of 0.85 f'c shall be assumed uniformly distributed over an equivalent compression zone bounded by the edges of the cross section and a line parallel to the neutral axis located at a distance a from the fiber of maximum compressive strain:",
                eq(
                  'a = beta1 c',
                  '(22.2.2.4.1)',
                  'where c is the distance from the fiber of maximum compressive strain to the neutral axis.',
                ),
                "The factor beta1 shall be 0.85 for f'c up to 28 MPa, decreasing linearly by 0.05 for each 7 MPa of strength above 28 MPa, but not less than 0.65.",
              ),
              filler('22.2.3', 1, 3),
            ],
          },
          {
            number: '22.5',
            title: 'One-way shear strength',
            topic: 'shear',
            items: [
              clause(
                '22.5.1.1',
                'Nominal one-way shear strength',
                'The nominal one-way shear strength at a section, Vn, shall be the sum of the strength provided by the concrete and that provided by the shear reinforcement:',
                eq('Vn = Vc + Vs', '(22.5.1.1)'),
                "The cross-sectional dimensions shall be selected so that Vu does not exceed phi (Vc + 0.66 sqrt(f'c) bw d), which limits diagonal compression in the web.",
              ),
              filler('22.5.2', 1, 2),
              clause(
                '22.5.5.1',
                'Vc for nonprestressed members',
                'For nonprestressed members without axial force, the strength contributed by the concrete shall be permitted to be calculated by Eq. (22.5.5.1). The more detailed expressions of Table 22.5.5.1, which account for the longitudinal reinforcement ratio and member depth, shall be used where the area of shear reinforcement is less than Av,min.',
                eq(
                  "Vc = 0.17 lambda sqrt(f'c) bw d",
                  '(22.5.5.1)',
                  'where lambda is the lightweight concrete factor, bw the web width and d the effective depth.',
                ),
                "The value of sqrt(f'c) used in this section shall not exceed 8.3 MPa unless minimum shear reinforcement is provided.",
              ),
              table(
                'Table 22.5.5.1',
                'Vc for nonprestressed members',
                ['Criteria:1.2', 'Vc:3'],
                [
                  ['Av >= Av,min', "Either of: 0.17 lambda sqrt(f'c) bw d + Nu/(6Ag) bw d"],
                  ['', "0.66 lambda (rho_w)^(1/3) sqrt(f'c) bw d + Nu/(6Ag) bw d"],
                  ['Av < Av,min', "0.66 lambda_s lambda (rho_w)^(1/3) sqrt(f'c) bw d + Nu/(6Ag) bw d"],
                ],
                'Notes: Nu is positive for compression. The size effect factor lambda_s = sqrt(2/(1 + 0.004d)) shall not exceed 1.0.',
              ),
              clause(
                '22.5.8.5.3',
                'Strength of perpendicular shear reinforcement',
                'Where shear reinforcement perpendicular to the longitudinal axis of the member is used, the strength it provides shall be calculated by:',
                eq(
                  'Vs = Av fyt d / s',
                  '(22.5.8.5.3)',
                  'where s is the spacing of the stirrups measured along the member.',
                ),
              ),
              filler('22.5.10', 1, 2),
            ],
          },
          {
            number: '22.6',
            title: 'Two-way shear strength',
            topic: 'punching',
            items: [
              clause(
                '22.6.4.1',
                'Critical sections for two-way members',
                'For two-way shear, critical sections shall be located so that the perimeter bo is a minimum but need not approach closer than d/2 to the edges or corners of columns, concentrated loads or reaction areas, and to changes in slab thickness such as the edges of drop panels or shear caps. For square or rectangular columns, the critical section may be taken with four straight sides.',
              ),
              figure(
                'Figure 22.6.4.1',
                'Critical sections for two-way shear at an interior column',
                'slab-column',
                150,
              ),
              clause(
                '22.6.5.2',
                'Two-way shear stress resisted by concrete',
                'For two-way members without shear reinforcement, vc shall be the least of the three expressions in Table 22.6.5.2, in which beta is the ratio of the long side to the short side of the column and alpha_s is 40 for interior, 30 for edge and 20 for corner columns.',
              ),
              table(
                'Table 22.6.5.2',
                'Calculation of vc for two-way shear',
                ['vc:3', 'Governing case:2'],
                [
                  ["0.33 lambda_s lambda sqrt(f'c)", 'Square columns, small perimeter'],
                  ["0.17 (1 + 2/beta) lambda_s lambda sqrt(f'c)", 'Elongated columns'],
                  ["0.083 (2 + alpha_s d / bo) lambda_s lambda sqrt(f'c)", 'Large perimeter relative to depth'],
                ],
              ),
              filler('22.6.6', 1, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 24',
        title: 'SERVICEABILITY REQUIREMENTS',
        sections: [
          {
            number: '24.2',
            title: 'Deflections due to service-level gravity loads',
            topic: 'deflection',
            items: [
              clause(
                '24.2.1',
                'General',
                'Members subjected to flexure shall be designed with adequate stiffness to limit deflections or deformations that adversely affect the strength or serviceability of the structure. Deflections shall be calculated under service-level loads, without load factors.',
              ),
              clause(
                '24.2.2',
                'Permissible calculated deflections',
                'Deflections calculated in accordance with 24.2.3 through 24.2.5 shall not exceed the limits in Table 24.2.2. The limits depend on whether the member supports or is attached to nonstructural elements, such as partitions and finishes, that could be damaged by large deflections.',
              ),
              table(
                'Table 24.2.2',
                'Maximum permissible calculated deflections',
                ['Member:1.5', 'Condition:2.4', 'Deflection considered:2.4', 'Limit:0.7'],
                [
                  [
                    'Flat roofs',
                    'Not supporting or attached to nonstructural elements likely to be damaged',
                    'Immediate deflection due to maximum of Lr, S and R',
                    'l/180',
                  ],
                  [
                    'Floors',
                    'Not supporting or attached to nonstructural elements likely to be damaged',
                    'Immediate deflection due to L',
                    'l/360',
                  ],
                  [
                    'Roof or floors',
                    'Supporting or attached to nonstructural elements likely to be damaged by large deflections',
                    'Part of the total deflection occurring after attachment of nonstructural elements',
                    'l/480',
                  ],
                  [
                    'Roof or floors',
                    'Supporting nonstructural elements not likely to be damaged',
                    'Same as above',
                    'l/240',
                  ],
                ],
              ),
              clause(
                '24.2.4.1.1',
                'Time-dependent deflection',
                'Unless obtained from a more comprehensive analysis, the additional long-term deflection due to creep and shrinkage of flexural members shall be calculated by multiplying the immediate deflection caused by the sustained load by the factor:',
                eq(
                  "lambda_delta = xi / (1 + 50 rho')",
                  '(24.2.4.1.1)',
                  "where rho' is the compression reinforcement ratio at midspan, and xi is 2.0 for five years or more, 1.4 for twelve months, 1.2 for six months and 1.0 for three months.",
                ),
              ),
              filler('24.2.3', 1, 3),
            ],
          },
          {
            number: '24.3',
            title: 'Distribution of flexural reinforcement in one-way slabs and beams',
            topic: 'cracking',
            items: [
              clause(
                '24.3.2',
                'Spacing of reinforcement closest to the tension face',
                'The spacing of bonded reinforcement closest to the tension face shall not exceed the limits in Table 24.3.2, where fs is the calculated stress in the reinforcement at service loads and cc is the least distance from the surface of the bar to the tension face. Limiting the spacing, rather than computing crack widths, has been found to give acceptable crack control in ordinary exposures.',
              ),
              table(
                'Table 24.3.2',
                'Maximum spacing of bonded reinforcement',
                ['Reinforcement type:2', 'Maximum spacing s:3'],
                [
                  ['Deformed bars or wires', 'Lesser of 380(280/fs) - 2.5cc and 300(280/fs)'],
                  [
                    'Bonded prestressed reinforcement',
                    'Lesser of (2/3)(380(280/delta_fps) - 2.5cc) and (2/3)(300(280/delta_fps))',
                  ],
                ],
              ),
              filler('24.3', 3, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 25',
        title: 'REINFORCEMENT DETAILS',
        sections: [
          {
            number: '25.4',
            title: 'Development of reinforcement',
            topic: 'development',
            items: [
              filler('25.4.1', 1, 2),
              clause(
                '25.4.2.3',
                'Development length of deformed bars and deformed wires in tension',
                'For deformed bars or deformed wires in tension, the development length ld shall be the greater of the length calculated by Table 25.4.2.3 or 25.4.2.4 and 300 mm. The simplified expressions of Table 25.4.2.3 apply where the clear spacing and cover of the bars being developed, and the transverse reinforcement along ld, satisfy the stated conditions.',
              ),
              table(
                'Table 25.4.2.3',
                'Development length for deformed bars and deformed wires in tension',
                ['Spacing and cover:3', 'No. 19 and smaller bars:1.6', 'No. 22 and larger bars:1.6'],
                [
                  [
                    'Clear spacing not less than db, clear cover not less than db, and minimum stirrups along ld; or clear spacing not less than 2db and clear cover not less than db',
                    "(fy psi_t psi_e / (2.1 lambda sqrt(f'c))) db",
                    "(fy psi_t psi_e / (1.7 lambda sqrt(f'c))) db",
                  ],
                  [
                    'Other cases',
                    "(fy psi_t psi_e / (1.4 lambda sqrt(f'c))) db",
                    "(fy psi_t psi_e / (1.1 lambda sqrt(f'c))) db",
                  ],
                ],
              ),
              clause(
                '25.4.2.4',
                'General expression for development length in tension',
                'As an alternative to Table 25.4.2.3, ld shall be permitted to be calculated by the expression below, in which the confinement term (cb + Ktr)/db shall not be taken greater than 2.5:',
                eq(
                  "ld = (fy / (1.1 lambda sqrt(f'c))) (psi_t psi_e psi_s psi_g / ((cb + Ktr) / db)) db",
                  '(25.4.2.4a)',
                ),
                'The factor psi_t is 1.3 for top bars with more than 300 mm of fresh concrete placed below them, psi_e is up to 1.5 for epoxy-coated bars, psi_s is 0.8 for No. 19 and smaller bars, and psi_g increases with the grade of the reinforcement.',
              ),
              filler('25.4.3', 1, 2),
            ],
          },
          {
            number: '25.5',
            title: 'Splices',
            topic: 'splices',
            items: [
              filler('25.5.1', 1, 2),
              clause(
                '25.5.2.1',
                'Lap splice lengths of deformed bars in tension',
                'Tension lap splice length lst for deformed bars and deformed wires in tension shall be in accordance with Table 25.5.2.1, where ld is calculated for the full yield strength without the modification for excess reinforcement. Class A splices are permitted only where the area of reinforcement provided is at least twice that required over the whole splice length and not more than half of the bars are spliced within the lap length.',
              ),
              table(
                'Table 25.5.2.1',
                'Lap splice lengths of deformed bars and deformed wires in tension',
                [
                  'As,provided / As,required over splice:2',
                  'Maximum percent of As spliced within lap:1.6',
                  'Splice type:1',
                  'lst:1.6',
                ],
                [
                  ['2.0 or more', '50', 'Class A', 'Greater of 1.0ld and 300 mm'],
                  ['2.0 or more', '100', 'Class B', 'Greater of 1.3ld and 300 mm'],
                  ['Less than 2.0', 'All cases', 'Class B', 'Greater of 1.3ld and 300 mm'],
                ],
              ),
              filler('25.5.2', 2, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 26',
        title: 'CONSTRUCTION DOCUMENTS AND INSPECTION',
        sections: [
          {
            number: '26.3',
            title: 'Design information and compliance requirements',
            topic: 'construction',
            items: [filler('26.3', 1, 4)],
          },
          {
            number: '26.11',
            title: 'Formwork',
            topic: 'construction',
            items: [filler('26.11', 1, 3)],
          },
        ],
      },
    ],
  };
}
