/**
 * Synthetic "ASCE/SEI 7-22": section numbers 26.10.1, hyphenated equation and
 * table numbers "(26.10-1)", "Table 12.12-1", two-column pages. All clause
 * text is original; only numbering style and topics follow the real standard.
 */
import type { CodeSpec } from '../types.ts';
import { LOAD_TERMS } from './definitions.ts';
import { clause, defs, eq, figure, filler, table } from './dsl.ts';

export function asce7(): CodeSpec {
  return {
    fileId: 'asce-7-22',
    designation: 'ASCE/SEI 7-22',
    title: 'Minimum Design Loads and Associated Criteria for Buildings and Other Structures',
    family: 'asce',
    paper: 'letter',
    columns: 2,
    seed: 722,
    chapters: [
      {
        label: 'CHAPTER 1',
        title: 'GENERAL',
        sections: [
          {
            number: '1.2',
            title: 'Definitions and notation',
            topic: 'general',
            items: [
              clause(
                '1.2.1',
                'Definitions',
                'The following definitions apply to the provisions of the entire standard. Definitions that apply only to one chapter are given at the beginning of that chapter.',
              ),
              defs('1.2.1', 1, LOAD_TERMS, [
                'allowable stress design',
                'basic wind speed',
                'building, enclosed',
                'components and cladding',
                'dead loads',
                'design strength',
                'diaphragm',
                'effective wind area',
                'exposure',
                'ground snow load',
                'importance factor',
                'live load',
                'load effects',
                'main wind force resisting system',
                'mean roof height',
                'nominal loads',
                'risk category',
                'seismic force-resisting system',
                'story drift',
                'story drift ratio',
                'strength design',
                'tributary area',
              ]),
            ],
          },
          {
            number: '1.3',
            title: 'Basic requirements',
            topic: 'general',
            items: [
              clause(
                '1.3.1',
                'Strength and stiffness',
                'Buildings and other structures, and all parts thereof, shall be designed and constructed with adequate strength and stiffness to provide structural stability, protect nonstructural components and systems from unacceptable damage, and meet the serviceability requirements of Section 1.3.2. Strength shall be verified by strength design with the load combinations of Chapter 2, by allowable stress design, or by performance-based procedures.',
              ),
              filler('1.3', 2, 4),
            ],
          },
          {
            number: '1.5',
            title: 'Classification of buildings and other structures',
            topic: 'general',
            items: [
              clause(
                '1.5.1',
                'Risk categorization',
                'Buildings and other structures shall be classified, for the purpose of determining flood, wind, snow, ice and earthquake loads, by the risk to human life, health and welfare that their failure would pose. The risk category shall be assigned from Table 1.5-1 using the highest category that applies to the occupancy or use of the structure.',
              ),
              table(
                'Table 1.5-1',
                'Risk category of buildings and other structures',
                ['Use or occupancy:4', 'Risk category:1'],
                [
                  [
                    'Structures that represent a low risk to human life in the event of failure, such as minor storage and agricultural buildings',
                    'I',
                  ],
                  ['All buildings and other structures except those listed in Risk Categories I, III and IV', 'II'],
                  [
                    'Structures whose failure could pose a substantial risk to human life, such as assembly buildings with large occupancy and schools',
                    'III',
                  ],
                  [
                    'Structures designated as essential facilities, such as hospitals, fire stations and emergency shelters',
                    'IV',
                  ],
                ],
              ),
              clause(
                '1.5.3',
                'Importance factors',
                'An importance factor shall be assigned to each structure in accordance with Table 1.5-2 according to its risk category. The importance factor increases the design snow, ice and earthquake loads for structures whose continued function after an event matters most to the community.',
              ),
              table(
                'Table 1.5-2',
                'Importance factors by risk category',
                ['Risk category:1', 'Snow Is:1', 'Ice thickness Ii:1', 'Seismic Ie:1'],
                [
                  ['I', '0.80', '0.80', '1.00'],
                  ['II', '1.00', '1.00', '1.00'],
                  ['III', '1.10', '1.15', '1.25'],
                  ['IV', '1.20', '1.25', '1.50'],
                ],
              ),
              filler('1.5', 4, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 2',
        title: 'COMBINATIONS OF LOADS',
        sections: [
          {
            number: '2.3',
            title: 'Load combinations for strength design',
            topic: 'combinations',
            items: [
              clause(
                '2.3.1',
                'Basic combinations',
                'Structures, components and foundations shall be designed so that their design strength equals or exceeds the effects of the factored loads in the following combinations. Each combination shall also be investigated with one or more of the variable loads set to zero.',
                '(1) 1.4D',
                '(2) 1.2D + 1.6L + 0.5(Lr or S or R)',
                '(3) 1.2D + 1.6(Lr or S or R) + (L or 0.5W)',
                '(4) 1.2D + 1.0W + L + 0.5(Lr or S or R)',
                '(5) 1.2D + 1.0E + L + 0.2S',
                '(6) 0.9D + 1.0W',
                '(7) 0.9D + 1.0E',
              ),
              clause(
                '2.3.2',
                'Snow and wind acting together',
                'Where snow and wind are expected to act at the same time, combination 3 shall be checked with the roof snow load as the principal variable load and half the wind load as companion, and combination 4 with wind as principal and half the snow load as companion. The more severe result governs the member.',
              ),
              filler('2.3', 3, 4),
            ],
          },
          {
            number: '2.4',
            title: 'Load combinations for allowable stress design',
            topic: 'combinations',
            items: [
              clause(
                '2.4.1',
                'Basic combinations',
                'Loads listed herein shall be considered to act in the following combinations, whichever produces the most unfavourable effect in the building, foundation or member being considered:',
                '(1) D',
                '(2) D + L',
                '(3) D + (Lr or S or R)',
                '(4) D + 0.75L + 0.75(Lr or S or R)',
                '(5) D + (0.6W or 0.7E)',
                '(6) 0.6D + 0.6W',
                '(7) 0.6D + 0.7E',
              ),
              filler('2.4', 2, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 3',
        title: 'DEAD LOADS, SOIL LOADS, AND HYDROSTATIC PRESSURE',
        sections: [
          {
            number: '3.1',
            title: 'Dead loads',
            topic: 'dead',
            items: [filler('3.1', 1, 4)],
          },
          {
            number: '3.2',
            title: 'Soil loads and hydrostatic pressure',
            topic: 'dead',
            items: [
              clause(
                '3.2.1',
                'Lateral pressures',
                'In the design of structures below grade, provision shall be made for the lateral pressure of adjacent soil. Where soil loads are not given in a soil investigation report approved by the authority having jurisdiction, the soil loads shall be taken from Table 3.2-1 for the type of backfill, and increased where the wall is restrained against movement at its top.',
              ),
              table(
                'Table 3.2-1',
                'Design lateral soil load',
                ['Description of backfill material:3', 'psf per ft of depth:1'],
                [
                  ['Well-graded, clean gravels; gravel-sand mixes', '35'],
                  ['Silty gravels, poorly graded gravel-sand mixes', '35'],
                  ['Clayey sands, poorly graded sand-clay mixes', '45'],
                  ['Inorganic silts and clayey silts', '85'],
                ],
              ),
              filler('3.2', 2, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 4',
        title: 'LIVE LOADS',
        sections: [
          {
            number: '4.3',
            title: 'Uniformly distributed live loads',
            topic: 'live',
            items: [
              clause(
                '4.3.1',
                'Required live loads',
                'The live loads used in the design of buildings and other structures shall be the maximum loads expected by the intended use or occupancy, but shall in no case be less than the minimum uniformly distributed unit loads required by Table 4.3-1.',
              ),
              table(
                'Table 4.3-1',
                'Minimum uniformly distributed live loads',
                ['Occupancy or use:3', 'psf (kN/m²):1.2'],
                [
                  ['Offices', '50 (2.40)'],
                  ['Lobbies and first-floor corridors', '100 (4.79)'],
                  ['Corridors above first floor', '80 (3.83)'],
                  ['Residential dwellings, private rooms', '40 (1.92)'],
                  ['Assembly areas with fixed seats', '60 (2.87)'],
                  ['Light storage warehouses', '125 (6.00)'],
                  ['Ordinary flat, pitched and curved roofs', '20 (0.96)'],
                ],
              ),
              filler('4.3', 2, 3),
            ],
          },
          {
            number: '4.7',
            title: 'Reduction in uniform live loads',
            topic: 'live',
            items: [
              clause(
                '4.7.2',
                'Reduction in uniform live loads',
                'Members for which the value of KLL AT is 400 ft² (37.16 m²) or more are permitted to be designed for a reduced live load in accordance with the following equation:',
                eq(
                  'L = Lo (0.25 + 15 / sqrt(KLL AT))',
                  '(4.7-1)',
                  'where Lo is the unreduced design live load, KLL the live load element factor of Table 4.7-1 and AT the tributary area in ft².',
                ),
                'L shall not be less than 0.50Lo for members supporting one floor, nor less than 0.40Lo for members supporting two or more floors.',
              ),
              table(
                'Table 4.7-1',
                'Live load element factor KLL',
                ['Element:3', 'KLL:1'],
                [
                  ['Interior columns', '4'],
                  ['Exterior columns without cantilever slabs', '4'],
                  ['Edge columns with cantilever slabs', '3'],
                  ['Corner columns with cantilever slabs', '2'],
                  ['Edge beams without cantilever slabs', '2'],
                  ['Interior beams', '2'],
                  ['All other members, including one-way slabs', '1'],
                ],
              ),
              clause(
                '4.7.3',
                'Heavy live loads',
                'Live loads that exceed 100 psf (4.79 kN/m²) shall not be reduced, except that live loads for members supporting two or more floors are permitted to be reduced by no more than 20 percent.',
              ),
              filler('4.7', 4, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 5',
        title: 'FLOOD LOADS',
        sections: [
          {
            number: '5.4',
            title: 'Design and construction',
            topic: 'flood',
            items: [filler('5.4', 1, 6)],
          },
        ],
      },
      {
        label: 'CHAPTER 7',
        title: 'SNOW LOADS',
        sections: [
          {
            number: '7.3',
            title: 'Flat roof snow loads',
            topic: 'snow',
            items: [
              clause(
                '7.3.1',
                'Flat roof snow load',
                'The flat roof snow load pf shall be calculated from the ground snow load pg by the following equation, which accounts for wind exposure, the thermal condition of the roof and the importance of the structure:',
                eq(
                  'pf = 0.7 Ce Ct Is pg',
                  '(7.3-1)',
                  'where Ce is the exposure factor of Table 7.3-1, Ct the thermal factor and Is the importance factor.',
                ),
              ),
              table(
                'Table 7.3-1',
                'Exposure factor Ce',
                ['Terrain category:2', 'Fully exposed:1', 'Partially exposed:1', 'Sheltered:1'],
                [
                  ['B (urban and suburban)', '0.9', '1.0', '1.2'],
                  ['C (open terrain)', '0.9', '1.0', '1.1'],
                  ['D (flat unobstructed areas near water)', '0.8', '0.9', '1.0'],
                ],
              ),
              clause(
                '7.3.4',
                'Minimum snow load for low-slope roofs',
                'A minimum roof snow load shall apply to monoslope, hip and gable roofs with slopes less than 15 degrees. Where pg is 20 psf or less, the minimum is Is times pg; where pg exceeds 20 psf, the minimum is 20 psf times Is.',
              ),
              clause(
                '7.3.2',
                'Thermal factor',
                'The thermal factor Ct shall be taken from Table 7.3-2 according to the thermal condition of the roof. Roofs of heated buildings lose heat that melts part of the snow, whereas unheated and ventilated roofs retain the full snow load.',
              ),
              table(
                'Table 7.3-2',
                'Thermal factor Ct',
                ['Thermal condition:3', 'Ct:1'],
                [
                  ['All structures except as indicated below', '1.0'],
                  ['Structures kept just above freezing and others with cold, ventilated roofs', '1.1'],
                  ['Unheated and open air structures', '1.2'],
                  ['Freezer buildings', '1.3'],
                  ['Continuously heated greenhouses with a roof of high thermal transmittance', '0.85'],
                ],
              ),
              figure('Figure 7.2-1', 'Ground snow loads for the conterminous United States', 'map', 160),
              filler('7.3', 5, 3),
            ],
          },
          {
            number: '7.7',
            title: 'Drifts on lower roofs',
            topic: 'snow',
            items: [
              clause(
                '7.7.1',
                'Lower roof of a structure',
                'Drifts accumulate on lower roofs in the wind shadow of higher roofs or of adjacent structures. The drift load shall be superimposed on the balanced snow load, and its height shall be based on the length of the upper or lower roof upwind of the step.',
              ),
              figure('Figure 7.7-1', 'Configuration of snow drifts on lower roofs', 'roof-drift', 130),
              filler('7.7', 2, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 8',
        title: 'RAIN LOADS',
        sections: [
          {
            number: '8.3',
            title: 'Design rain loads',
            topic: 'rain',
            items: [
              clause(
                '8.3.1',
                'Design rain load',
                'Each portion of a roof shall be designed to sustain the load of all rainwater that will accumulate on it if the primary drainage system for that portion is blocked, plus the water above the inlet of the secondary drainage system at its design flow:',
                eq(
                  'R = 5.2 (ds + dh)',
                  '(8.3-1)',
                  'where R is in psf, ds is the static head and dh the hydraulic head, both in inches.',
                ),
              ),
              filler('8.3', 2, 4),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 10',
        title: 'ICE LOADS — ATMOSPHERIC ICING',
        sections: [
          {
            number: '10.4',
            title: 'Ice loads due to freezing rain',
            topic: 'ice',
            items: [filler('10.4', 1, 6)],
          },
        ],
      },
      {
        label: 'CHAPTER 11',
        title: 'SEISMIC DESIGN CRITERIA',
        sections: [
          {
            number: '11.4',
            title: 'Seismic ground motion values',
            topic: 'seismic',
            items: [
              clause(
                '11.4.5',
                'Design spectral acceleration parameters',
                'The design earthquake spectral response acceleration parameters at short periods, SDS, and at 1 s period, SD1, shall be two-thirds of the corresponding maximum considered earthquake values adjusted for site class:',
                eq('SDS = (2/3) SMS', '(11.4-3)'),
                eq('SD1 = (2/3) SM1', '(11.4-4)'),
              ),
              filler('11.4', 6, 2),
            ],
          },
          {
            number: '11.6',
            title: 'Seismic design category',
            topic: 'seismic',
            items: [
              clause(
                '11.6.1',
                'Seismic design category',
                'Structures shall be assigned a seismic design category based on their risk category and the design spectral response acceleration parameters, using the more severe category obtained from Table 11.6-1 and from the corresponding table for SD1.',
              ),
              table(
                'Table 11.6-1',
                'Seismic design category based on short-period response acceleration parameter',
                ['Value of SDS:2', 'Risk Category I, II or III:1.3', 'Risk Category IV:1.3'],
                [
                  ['SDS < 0.167', 'A', 'A'],
                  ['0.167 <= SDS < 0.33', 'B', 'C'],
                  ['0.33 <= SDS < 0.50', 'C', 'D'],
                  ['0.50 <= SDS', 'D', 'D'],
                ],
              ),
              filler('11.6', 2, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 12',
        title: 'SEISMIC DESIGN REQUIREMENTS FOR BUILDING STRUCTURES',
        sections: [
          {
            number: '12.2',
            title: 'Structural system selection',
            topic: 'seismic',
            items: [
              clause(
                '12.2.1',
                'Selection and limitations',
                'The basic lateral and vertical seismic force-resisting system shall conform to one of the types in Table 12.2-1. The response modification coefficient R, the overstrength factor Omega_0 and the deflection amplification factor Cd of the table shall be used in determining the base shear, the element design forces and the design story drift.',
              ),
              table(
                'Table 12.2-1',
                'Design coefficients and factors for seismic force-resisting systems',
                ['Seismic force-resisting system:3', 'R:0.6', 'Omega_0:0.8', 'Cd:0.6'],
                [
                  ['Special reinforced concrete shear walls', '6', '2.5', '5'],
                  ['Ordinary reinforced concrete shear walls', '5', '2.5', '4.5'],
                  ['Special steel concentrically braced frames', '6', '2', '5'],
                  ['Buckling-restrained braced frames', '8', '2.5', '5'],
                  ['Special steel moment frames', '8', '3', '5.5'],
                  ['Intermediate steel moment frames', '4.5', '3', '4'],
                  ['Ordinary steel moment frames', '3.5', '3', '3'],
                ],
              ),
              filler('12.2', 2, 3),
            ],
          },
          {
            number: '12.8',
            title: 'Equivalent lateral force procedure',
            topic: 'seismic',
            items: [
              clause(
                '12.8.1',
                'Seismic base shear',
                'The seismic base shear V in a given direction shall be determined in accordance with the following equation:',
                eq(
                  'V = Cs W',
                  '(12.8-1)',
                  'where Cs is the seismic response coefficient and W the effective seismic weight.',
                ),
              ),
              clause(
                '12.8.1.1',
                'Calculation of seismic response coefficient',
                'The seismic response coefficient shall be determined from the design spectral acceleration, the response modification coefficient of the structural system and the importance factor:',
                eq('Cs = SDS / (R / Ie)', '(12.8-2)'),
                'The value computed need not exceed the limit that depends on the fundamental period of the structure, and shall not be less than 0.044 SDS Ie nor less than 0.01.',
              ),
              table(
                'Table 12.8-2',
                'Values of approximate period parameters Ct and x',
                ['Structure type:3', 'Ct:1', 'x:0.6'],
                [
                  ['Steel moment-resisting frames', '0.028 (0.0724)', '0.8'],
                  ['Concrete moment-resisting frames', '0.016 (0.0466)', '0.9'],
                  ['Steel eccentrically braced and buckling-restrained braced frames', '0.03 (0.0731)', '0.75'],
                  ['All other structural systems', '0.02 (0.0488)', '0.75'],
                ],
                'Metric equivalents are shown in parentheses.',
              ),
              filler('12.8', 2, 3),
            ],
          },
          {
            number: '12.12',
            title: 'Drift and deformation',
            topic: 'drift',
            items: [
              clause(
                '12.12.1',
                'Story drift limit',
                'The design story drift shall not exceed the allowable story drift obtained from Table 12.12-1 for any story. For structures with significant torsional response, the drift shall be evaluated at the edges of the structure rather than only at the centre of mass.',
              ),
              table(
                'Table 12.12-1',
                'Allowable story drift',
                ['Structure:3', 'I or II:1', 'III:1', 'IV:1'],
                [
                  [
                    'Structures, other than masonry shear wall structures, four stories or less above the base, with interior walls and systems designed to accommodate drifts',
                    '0.025hsx',
                    '0.020hsx',
                    '0.015hsx',
                  ],
                  ['Masonry cantilever shear wall structures', '0.010hsx', '0.010hsx', '0.010hsx'],
                  ['Other masonry shear wall structures', '0.007hsx', '0.007hsx', '0.007hsx'],
                  ['All other structures', '0.020hsx', '0.015hsx', '0.010hsx'],
                ],
                'hsx is the story height below level x. Columns are headed by the risk category.',
              ),
              figure(
                'Figure 12.12-1',
                'Determination of story drift from displacements at the centres of mass',
                'frame-drift',
                140,
              ),
              filler('12.12', 2, 4),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 13',
        title: 'SEISMIC DESIGN REQUIREMENTS FOR NONSTRUCTURAL COMPONENTS',
        sections: [
          {
            number: '13.3',
            title: 'Seismic demands on nonstructural components',
            topic: 'nonstructural',
            items: [
              clause(
                '13.3.1',
                'Seismic design force',
                'The horizontal seismic design force Fp shall be applied at the component centre of gravity and distributed relative to the mass distribution of the component. It increases with the height of the attachment in the building, because floor accelerations grow toward the roof:',
                eq(
                  'Fp = 0.4 ap SDS Wp (1 + 2 z/h) / (Rp / Ip)',
                  '(13.3-1)',
                  'where ap is the component amplification factor, Rp the component response modification factor and Ip the component importance factor.',
                ),
                'Fp need not exceed 1.6 SDS Ip Wp and shall not be less than 0.3 SDS Ip Wp.',
              ),
              filler('13.3', 2, 3),
            ],
          },
          {
            number: '13.5',
            title: 'Architectural components',
            topic: 'nonstructural',
            items: [
              table(
                'Table 13.5-1',
                'Coefficients for architectural components',
                ['Architectural component:3', 'ap:0.6', 'Rp:0.6'],
                [
                  ['Interior nonstructural walls and partitions', '1', '2.5'],
                  ['Cantilever parapets braced below their centre of mass', '2.5', '2.5'],
                  ['Exterior nonstructural wall elements and connections', '1', '2.5'],
                  ['Suspended ceilings', '1', '2.5'],
                  ['Penthouses, except where framed by the building frame', '2.5', '3.5'],
                  ['Egress stairways not part of the building structure', '1', '2.5'],
                ],
              ),
              filler('13.5', 1, 4),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 26',
        title: 'WIND LOADS: GENERAL REQUIREMENTS',
        sections: [
          {
            number: '26.5',
            title: 'Wind hazard map',
            topic: 'wind',
            items: [
              clause(
                '26.5.1',
                'Basic wind speed',
                'The basic wind speed V used in the determination of design wind loads shall be read from the map of Figure 26.5-1A for the risk category of the structure. The wind shall be assumed to come from any horizontal direction, and the map values shall be increased in special wind regions where local records show higher speeds.',
              ),
              figure(
                'Figure 26.5-1A',
                'Basic wind speeds for Risk Category II buildings and other structures',
                'map',
                170,
              ),
              filler('26.5', 2, 2),
            ],
          },
          {
            number: '26.7',
            title: 'Exposure',
            topic: 'wind',
            items: [
              clause(
                '26.7.3',
                'Exposure categories',
                'An exposure category shall be determined for each wind direction from the ground surface roughness upwind of the site. Exposure B applies to urban and suburban areas with closely spaced obstructions the size of single-family dwellings. Exposure C applies where Exposure B and D do not, including open terrain with scattered obstructions. Exposure D applies to flat, unobstructed areas and water surfaces, where the lack of roughness produces the highest near-ground wind speeds.',
              ),
              clause(
                '26.8.2',
                'Topographic factor',
                'The wind speed-up effect at isolated hills, ridges and escarpments that constitute abrupt changes in the general topography shall be included in the calculation of design wind loads through the factor Kzt:',
                eq(
                  'Kzt = (1 + K1 K2 K3)^2',
                  '(26.8-1)',
                  'where K1, K2 and K3 describe the shape of the feature, the distance from its crest and the height above local ground.',
                ),
                'Where the site does not meet all the conditions for a topographic feature, Kzt shall be taken as 1.0.',
              ),
              filler('26.7', 4, 2),
            ],
          },
          {
            number: '26.10',
            title: 'Velocity pressure',
            topic: 'wind',
            items: [
              clause(
                '26.10.1',
                'Velocity pressure',
                'The velocity pressure qz evaluated at height z above ground shall be calculated by the following equation:',
                eq(
                  'qz = 0.00256 Kz Kzt Ke V^2',
                  '(26.10-1)',
                  'where qz is in lb/ft², V in mi/h, Kz the exposure coefficient of Table 26.10-1, Kzt the topographic factor and Ke the ground elevation factor.',
                ),
              ),
              table(
                'Table 26.10-1',
                'Velocity pressure exposure coefficient Kz',
                ['Height z, ft:1', 'Exposure B:1', 'Exposure C:1', 'Exposure D:1'],
                [
                  ['0-15', '0.57', '0.85', '1.03'],
                  ['30', '0.70', '0.98', '1.16'],
                  ['60', '0.85', '1.14', '1.31'],
                  ['100', '0.99', '1.26', '1.43'],
                  ['200', '1.20', '1.46', '1.61'],
                ],
              ),
              table(
                'Table 26.6-1',
                'Wind directionality factor Kd',
                ['Structure type:3', 'Kd:1'],
                [
                  ['Main wind force resisting system and components and cladding of buildings', '0.85'],
                  ['Arched roofs', '0.85'],
                  ['Solid freestanding walls and solid signs', '0.85'],
                  ['Open signs and single-plane open frames', '0.85'],
                  ['Chimneys, tanks and similar structures of square shape', '0.90'],
                  ['Chimneys, tanks and similar structures of round shape', '0.95'],
                  ['Trussed towers of triangular, square or rectangular shape', '0.85'],
                ],
              ),
              table(
                'Table 26.13-1',
                'Internal pressure coefficient (GCpi)',
                ['Enclosure classification:2', '(GCpi):1'],
                [
                  ['Enclosed buildings', '+0.18 and -0.18'],
                  ['Partially enclosed buildings', '+0.55 and -0.55'],
                  ['Partially open buildings', '+0.18 and -0.18'],
                  ['Open buildings', '0.00'],
                ],
              ),
              filler('26.10', 2, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 27',
        title: 'WIND LOADS ON BUILDINGS: MAIN WIND FORCE RESISTING SYSTEM (DIRECTIONAL PROCEDURE)',
        sections: [
          {
            number: '27.3',
            title: 'Wind loads: main wind force resisting system',
            topic: 'wind',
            items: [
              clause(
                '27.3.1',
                'Enclosed and partially enclosed rigid buildings',
                'Design wind pressures for the main wind force resisting system of buildings of all heights shall be determined by the following equation, with external pressures on the windward wall varying with height and those on the leeward wall, side walls and roof evaluated at the mean roof height:',
                eq('p = q G Cp - qi (GCpi)', '(27.3-1)'),
              ),
              figure(
                'Figure 27.3-1',
                'External pressure coefficients on walls and roofs of enclosed buildings',
                'roof-zones',
                120,
              ),
              filler('27.3', 2, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 29',
        title: 'WIND LOADS ON BUILDING APPURTENANCES AND OTHER STRUCTURES',
        sections: [
          {
            number: '29.3',
            title: 'Design wind loads: solid freestanding walls and solid signs',
            topic: 'cladding',
            items: [
              clause(
                '29.3.1',
                'Solid freestanding walls and solid freestanding signs',
                'The design wind force for solid freestanding walls and signs shall be determined by the following equation, with the force coefficient depending on the aspect ratio of the sign and its clearance above ground:',
                eq(
                  'F = qh G Cf As',
                  '(29.3-1)',
                  'where As is the gross area of the wall or sign and qh the velocity pressure at the top of the sign.',
                ),
              ),
              figure('Figure 29.3-1', 'Force coefficients for solid freestanding walls and signs', 'curve', 110),
              filler('29.3', 2, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER 30',
        title: 'WIND LOADS: COMPONENTS AND CLADDING',
        sections: [
          {
            number: '30.3',
            title: 'Building types for low-rise buildings',
            topic: 'cladding',
            items: [
              clause(
                '30.3.2',
                'Design wind pressures',
                'Design wind pressures on component and cladding elements of low-rise buildings shall be determined from the following equation, combining the external pressure coefficient for the zone with the internal pressure coefficient of the enclosure classification:',
                eq('p = qh [(GCp) - (GCpi)]', '(30.3-1)', 'where qh is the velocity pressure at mean roof height.'),
                'The pressure shall be applied normal to the surface, and both positive and negative internal pressures shall be checked.',
              ),
              figure('Figure 30.3-2A', 'Roof zones for components and cladding on gable roofs', 'roof-zones', 140),
              filler('30.3', 3, 4),
            ],
          },
        ],
      },
      {
        label: 'APPENDIX C',
        title: 'SERVICEABILITY CONSIDERATIONS',
        sections: [
          {
            number: 'C.2',
            title: 'Deflection, vibration and drift',
            topic: 'serviceability',
            items: [
              clause(
                'C.2.1',
                'Vertical deflections',
                'Deformations of floor and roof members and systems due to service loads shall not impair the serviceability of the structure. Deflection limits of l/360 of the span for live load and l/240 for total load are commonly used where brittle finishes such as plaster or tile are attached, since cracking of finishes and sticking of doors are the usual first signs of excessive deflection.',
              ),
              clause(
                'C.2.2',
                'Drift of walls and frames',
                'Lateral deflection or drift of structures and deformation of horizontal diaphragms and bracing systems due to wind shall not impair the serviceability of the structure. Drift limits between about 1/600 and 1/400 of the building or story height are commonly used for wind with a short return period.',
              ),
              clause(
                'C.2.3',
                'Vibrations',
                'Use of a structure shall not be impaired by vibrations. Floor systems supporting large open areas, such as offices without partitions, and structures supporting rhythmic activities such as dancing or aerobics, are the most susceptible, and their natural frequency and damping shall be checked against criteria for human comfort.',
              ),
              table(
                'Table C.2-1',
                'Commonly used deflection limits for serviceability',
                ['Element:3', 'Live or wind load:1', 'Total load:1'],
                [
                  ['Floor members supporting plaster or brittle finishes', 'l/360', 'l/240'],
                  ['Floor members not supporting brittle finishes', 'l/240', 'l/180'],
                  ['Roof members supporting plaster ceilings', 'l/360', 'l/240'],
                  ['Exterior walls with brittle finishes', 'l/240', '-'],
                  ['Frames, interstory drift under wind', 'h/400 to h/600', '-'],
                ],
              ),
              filler('C.2', 4, 3),
            ],
          },
        ],
      },
    ],
  };
}
