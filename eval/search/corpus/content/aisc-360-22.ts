/**
 * Synthetic "ANSI/AISC 360-22": lettered chapters with sections J3 and
 * subsections J3.10, equations "(J3-6a)", tables "Table J3.2". All clause
 * text is original; only numbering style and topics follow the real document.
 */
import type { CodeSpec } from '../types.ts';
import { STEEL_TERMS } from './definitions.ts';
import { clause, defs, eq, figure, filler, table } from './dsl.ts';

export function aisc360(): CodeSpec {
  return {
    fileId: 'aisc-360-22',
    designation: 'ANSI/AISC 360-22',
    title: 'Specification for Structural Steel Buildings',
    family: 'aisc',
    paper: 'letter',
    columns: 1,
    seed: 36022,
    chapters: [
      {
        label: 'CHAPTER A',
        title: 'GENERAL PROVISIONS',
        sections: [
          {
            number: 'A1',
            title: 'Scope',
            topic: 'basis',
            items: [
              clause(
                'A1.1',
                'Scope of the Specification',
                'This Specification applies to the design, fabrication and erection of the structural steel system, or systems with structural steel acting compositely with reinforced concrete, where the steel elements are defined in the code of standard practice. It covers buildings and other structures designed for gravity, wind, earthquake and other loads.',
              ),
              filler('A1', 2, 2),
            ],
          },
          {
            number: 'A5',
            title: 'Definitions',
            topic: 'basis',
            items: [
              defs('A5', 1, STEEL_TERMS, [
                'allowable strength',
                'available strength',
                'bearing-type connection',
                'compact section',
                'complete-joint-penetration groove weld',
                'design strength',
                'effective length factor',
                'effective net area',
                'elevated temperatures',
                'fillet weld',
                'fire resistance',
                'lateral-torsional buckling',
                'local buckling',
                'nominal strength',
                'notional load',
                'prying action',
                'required strength',
                'shear lag',
                'slip-critical connection',
                'tearout',
                'unbraced length',
              ]),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER B',
        title: 'DESIGN REQUIREMENTS',
        sections: [
          {
            number: 'B3',
            title: 'Design basis',
            topic: 'basis',
            items: [
              clause(
                'B3.1',
                'Design for strength using load and resistance factor design (LRFD)',
                'Design according to LRFD satisfies the requirements of this Specification when the design strength of each structural component equals or exceeds the required strength determined on the basis of the LRFD load combinations:',
                eq(
                  'Ru <= phi Rn',
                  '(B3-1)',
                  'where Ru is the required strength, Rn the nominal strength and phi the resistance factor.',
                ),
              ),
              clause(
                'B3.2',
                'Design for strength using allowable strength design (ASD)',
                'Design according to ASD satisfies the requirements of this Specification when the allowable strength of each structural component equals or exceeds the required strength determined on the basis of the ASD load combinations:',
                eq('Ra <= Rn / Omega', '(B3-2)', 'where Omega is the safety factor.'),
              ),
              filler('B3', 3, 4),
            ],
          },
          {
            number: 'B4',
            title: 'Member properties',
            topic: 'flexure',
            items: [
              clause(
                'B4.1',
                'Classification of sections for local buckling',
                'Sections are classified as compact, noncompact or slender-element sections by comparing the width-to-thickness ratio of each compression element with the limiting ratios of Table B4.1b. A section is compact only when the flanges are continuously connected to the web and every compression element satisfies the limit lambda_p.',
              ),
              table(
                'Table B4.1b',
                'Width-to-thickness ratios: compression elements of members subject to flexure',
                ['Element:3', 'Ratio:0.8', 'lambda_p (compact):1.3', 'lambda_r (noncompact):1.3'],
                [
                  ['Flanges of rolled I-shaped sections', 'b/t', '0.38 sqrt(E/Fy)', '1.0 sqrt(E/Fy)'],
                  ['Flanges of HSS of rectangular shape', 'b/t', '1.12 sqrt(E/Fy)', '1.40 sqrt(E/Fy)'],
                  ['Webs of doubly symmetric I-shapes', 'h/tw', '3.76 sqrt(E/Fy)', '5.70 sqrt(E/Fy)'],
                  ['Round HSS', 'D/t', '0.07 E/Fy', '0.31 E/Fy'],
                ],
              ),
              filler('B4', 2, 2, 'flexure'),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER C',
        title: 'DESIGN FOR STABILITY',
        sections: [
          {
            number: 'C2',
            title: 'Calculation of required strengths',
            topic: 'stability',
            items: [
              clause(
                'C2.2b',
                'Use of notional loads to represent imperfections',
                'Where notional loads are used to represent the effect of initial imperfections, they shall be applied as lateral loads at all levels, in the direction that provides the greatest destabilizing effect:',
                eq(
                  'Ni = 0.002 alpha Yi',
                  '(C2-1)',
                  'where alpha is 1.0 for LRFD and 1.6 for ASD, and Yi is the gravity load applied at level i.',
                ),
              ),
              clause(
                'C2.3',
                'Adjustments to stiffness',
                'The analysis shall use a reduced stiffness to account for the softening of the structure under load, with a factor of 0.80 applied to all stiffnesses that contribute to stability and an additional factor tau_b applied to the flexural stiffness of members whose axial force is large.',
              ),
              filler('C2', 4, 4),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER D',
        title: 'DESIGN OF MEMBERS FOR TENSION',
        sections: [
          {
            number: 'D2',
            title: 'Tensile strength',
            topic: 'tension',
            items: [
              clause(
                'D2.1',
                'Tensile yielding and tensile rupture',
                'The design tensile strength phi_t Pn, and the allowable tensile strength Pn/Omega_t, of tension members shall be the lower value obtained according to the limit states of tensile yielding in the gross section and tensile rupture in the net section:',
                '(a) For tensile yielding in the gross section, with phi_t = 0.90 (LRFD) and Omega_t = 1.67 (ASD):',
                eq('Pn = Fy Ag', '(D2-1)'),
                '(b) For tensile rupture in the net section, with phi_t = 0.75 (LRFD) and Omega_t = 2.00 (ASD):',
                eq('Pn = Fu Ae', '(D2-2)'),
              ),
              filler('D2', 2, 3),
            ],
          },
          {
            number: 'D3',
            title: 'Effective net area',
            topic: 'tension',
            items: [
              clause(
                'D3.1',
                'Effective net area',
                'The effective net area of tension members shall be determined from the net area and the shear lag factor U of Table D3.1, which reflects how far the connection is from engaging all elements of the cross section:',
                eq('Ae = An U', '(D3-1)'),
              ),
              table(
                'Table D3.1',
                'Shear lag factors for connections to tension members',
                ['Case:0.5', 'Description of element:3', 'Shear lag factor U:2'],
                [
                  [
                    '1',
                    'All tension members where the load is transmitted directly to each element by fasteners or welds',
                    'U = 1.0',
                  ],
                  [
                    '2',
                    'Tension members, except plates and HSS, where load is transmitted by some but not all elements',
                    'U = 1 - x/l',
                  ],
                  [
                    '4',
                    'Plates connected by longitudinal welds only, depending on weld length l and plate width w',
                    'U = 3l²/(3l² + w²)(1 - x/l)',
                  ],
                  [
                    '7',
                    'W, M, S or HP shapes connected through the flange with three or more fasteners per line',
                    'U = 0.90 if bf >= (2/3)d, else 0.85',
                  ],
                  ['8', 'Single and double angles with four or more fasteners per line', 'U = 0.80'],
                ],
              ),
              filler('D3', 2, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER E',
        title: 'DESIGN OF MEMBERS FOR COMPRESSION',
        sections: [
          {
            number: 'E2',
            title: 'Effective length',
            topic: 'compression',
            items: [
              clause(
                'E2.1',
                'Effective length',
                'The effective length Lc for calculating member slenderness shall be taken as K L, where K is the effective length factor and L the laterally unbraced length of the member. K shall be determined by the stability analysis; for members in braced frames it may be taken as 1.0, while for members in moment frames it is usually greater than 1.0 and is obtained from an alignment chart or a buckling analysis.',
              ),
              filler('E2', 2, 2),
            ],
          },
          {
            number: 'E3',
            title: 'Flexural buckling of members without slender elements',
            topic: 'compression',
            items: [
              clause(
                'E3.1',
                'Nominal compressive strength',
                'The nominal compressive strength Pn shall be determined based on the limit state of flexural buckling, with phi_c = 0.90 (LRFD) and Omega_c = 1.67 (ASD):',
                eq('Pn = Fcr Ag', '(E3-1)'),
                'The critical stress Fcr is determined as follows:',
                '(a) When Lc/r <= 4.71 sqrt(E/Fy), or Fy/Fe <= 2.25:',
                eq('Fcr = 0.658^(Fy/Fe) Fy', '(E3-2)'),
                '(b) When Lc/r > 4.71 sqrt(E/Fy), or Fy/Fe > 2.25:',
                eq('Fcr = 0.877 Fe', '(E3-3)'),
                eq('Fe = pi^2 E / (Lc/r)^2', '(E3-4)', 'where Fe is the elastic buckling stress.'),
              ),
              figure('Figure E3-1', 'Critical stress as a function of member slenderness', 'curve', 140),
              filler('E3', 2, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER F',
        title: 'DESIGN OF MEMBERS FOR FLEXURE',
        sections: [
          {
            number: 'F2',
            title: 'Doubly symmetric compact I-shaped members bent about their major axis',
            topic: 'flexure',
            items: [
              clause(
                'F2.1',
                'Yielding',
                'The nominal flexural strength for the limit state of yielding shall be the plastic moment of the section:',
                eq('Mn = Mp = Fy Zx', '(F2-1)', 'where Zx is the plastic section modulus about the major axis.'),
              ),
              clause(
                'F2.2',
                'Lateral-torsional buckling',
                'When the unbraced length Lb does not exceed Lp, the limit state of lateral-torsional buckling does not apply. For longer unbraced lengths the nominal strength is reduced, linearly up to Lr and then following the elastic buckling stress, and the reduction is moderated by the modification factor Cb:',
                eq('Lp = 1.76 ry sqrt(E / Fy)', '(F2-5)'),
              ),
              figure('Figure F2-1', 'Nominal flexural strength as a function of unbraced length', 'curve', 130),
              filler('F2', 3, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER G',
        title: 'DESIGN OF MEMBERS FOR SHEAR',
        sections: [
          {
            number: 'G2',
            title: 'I-shaped members and channels',
            topic: 'shear',
            items: [
              clause(
                'G2.1',
                'Shear strength of webs',
                'The nominal shear strength of webs of I-shaped members and channels shall be determined from the web area and the web shear strength coefficient Cv1, which is 1.0 when the web is stocky enough to yield in shear before buckling:',
                eq('Vn = 0.6 Fy Aw Cv1', '(G2-1)', 'where Aw is the overall depth times the web thickness.'),
              ),
              filler('G2', 2, 4),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER H',
        title: 'DESIGN OF MEMBERS FOR COMBINED FORCES AND TORSION',
        sections: [
          {
            number: 'H1',
            title: 'Doubly and singly symmetric members subject to flexure and axial force',
            topic: 'stability',
            items: [
              clause(
                'H1.1',
                'Interaction of flexure and compression',
                'The interaction of flexure and compression in doubly symmetric members and singly symmetric members constrained to bend about a geometric axis shall be limited by the following equations, where Pr and Mr are the required strengths and Pc and Mc the available strengths:',
                '(a) When Pr/Pc >= 0.2:',
                eq('Pr/Pc + (8/9)(Mrx/Mcx + Mry/Mcy) <= 1.0', '(H1-1a)'),
                '(b) When Pr/Pc < 0.2:',
                eq('Pr/(2Pc) + (Mrx/Mcx + Mry/Mcy) <= 1.0', '(H1-1b)'),
              ),
              filler('H1', 2, 3, 'compression'),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER I',
        title: 'DESIGN OF COMPOSITE MEMBERS',
        sections: [
          {
            number: 'I3',
            title: 'Flexure',
            topic: 'composite',
            items: [
              clause(
                'I3.1a',
                'Effective width',
                'The effective width of the concrete slab shall be the sum of the effective widths for each side of the beam centreline, each of which shall not exceed one-eighth of the beam span, one-half the distance to the centreline of the adjacent beam, or the distance to the edge of the slab.',
              ),
              filler('I3', 2, 3),
            ],
          },
          {
            number: 'I8',
            title: 'Steel anchors',
            topic: 'composite',
            items: [
              clause(
                'I8.2a',
                'Strength of steel headed stud anchors',
                'The nominal shear strength of one steel headed stud anchor embedded in a solid concrete slab or in a composite slab with decking shall be determined as follows, with the group and position factors Rg and Rp reflecting the deck geometry:',
                eq("Qn = 0.5 Asa sqrt(f'c Ec) <= Rg Rp Asa Fu", '(I8-1)'),
              ),
              filler('I8', 3, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER J',
        title: 'DESIGN OF CONNECTIONS',
        sections: [
          {
            number: 'J2',
            title: 'Welds',
            topic: 'welds',
            items: [
              clause(
                'J2.2b',
                'Limitations on fillet welds',
                'The minimum size of fillet welds shall be not less than the size required to transmit the calculated forces, nor the size given in Table J2.4, which depends on the thinner of the two parts joined. The minimum size avoids cracking from rapid cooling of small welds on thick material.',
              ),
              table(
                'Table J2.4',
                'Minimum size of fillet welds',
                ['Material thickness of thinner part joined, in.:3', 'Minimum size of fillet weld, in.:2'],
                [
                  ['To 1/4 inclusive', '1/8'],
                  ['Over 1/4 to 1/2', '3/16'],
                  ['Over 1/2 to 3/4', '1/4'],
                  ['Over 3/4', '5/16'],
                ],
              ),
              clause(
                'J2.4',
                'Strength of welded joints',
                'The design strength phi Rn and the allowable strength Rn/Omega of welded joints shall be the lower value of the base metal strength and the weld metal strength. For fillet welds the weld metal strength, with phi = 0.75 and Omega = 2.00, is:',
                eq('Rn = Fnw Awe', '(J2-3)'),
                'For a linear weld group loaded in plane through its centre of gravity, the weld metal nominal stress may be increased with the angle theta between the load and the weld axis:',
                eq('Fnw = 0.60 FEXX (1.0 + 0.50 sin^1.5 theta)', '(J2-5)'),
              ),
              filler('J2', 5, 3),
            ],
          },
          {
            number: 'J3',
            title: 'Bolts and threaded parts',
            topic: 'bolts',
            items: [
              clause(
                'J3.3',
                'Minimum spacing',
                'The distance between centres of standard, oversized or slotted holes shall not be less than 2-2/3 times the nominal diameter of the fastener; a distance of 3d is preferred. Closer spacing makes it difficult to tighten bolts and reduces the tearout strength between holes.',
              ),
              clause(
                'J3.4',
                'Minimum edge distance',
                'The distance from the centre of a standard hole to an edge of a connected part in any direction shall not be less than the value from Table J3.4, nor the value required by the bearing and tearout provisions of J3.10.',
              ),
              table(
                'Table J3.4',
                'Minimum edge distance from centre of standard hole to edge of connected part',
                ['Bolt diameter, in.:1', 'Minimum edge distance, in.:1'],
                [
                  ['1/2', '3/4'],
                  ['5/8', '7/8'],
                  ['3/4', '1'],
                  ['7/8', '1-1/8'],
                  ['1', '1-1/4'],
                ],
              ),
              clause(
                'J3.7',
                'Tensile and shear strength of bolts and threaded parts',
                'The design tensile or shear strength, and the allowable tensile or shear strength, of a snug-tightened or pretensioned high-strength bolt or threaded part shall be determined according to the limit states of tension rupture and shear rupture, with phi = 0.75 and Omega = 2.00:',
                eq(
                  'Rn = Fn Ab',
                  '(J3-1)',
                  'where Fn is the nominal tensile stress Fnt or shear stress Fnv from Table J3.2 and Ab the nominal unthreaded body area.',
                ),
              ),
              table(
                'Table J3.2',
                'Nominal strength of fasteners and threaded parts, ksi',
                ['Description of fasteners:3', 'Fnt:1', 'Fnv, threads included:1', 'Fnv, threads excluded:1'],
                [
                  ['Group 120 bolts (A325 type)', '90', '54', '68'],
                  ['Group 150 bolts (A490 type)', '113', '68', '84'],
                  ['Group 144 bolts', '108', '65', '81'],
                  ['Threaded parts meeting Section A3.4', '0.75Fu', '0.450Fu', '0.563Fu'],
                ],
              ),
              clause(
                'J3.10',
                'Bearing and tearout strength at bolt holes',
                'The available bearing and tearout strength at bolt holes shall be determined for the limit states of bearing and tearout, with phi = 0.75 (LRFD) and Omega = 2.00 (ASD). For a bolt in a connection with standard, oversized or short-slotted holes, where deformation at the bolt hole at service load is a design consideration:',
                '(a) Bearing:',
                eq('Rn = 2.4 d t Fu', '(J3-6a)'),
                '(b) Tearout:',
                eq(
                  'Rn = 1.2 lc t Fu',
                  '(J3-6c)',
                  'where lc is the clear distance, in the direction of force, between the edge of the hole and the edge of the adjacent hole or of the material, d the bolt diameter and t the thickness of the connected material.',
                ),
                'The strength of the connection is the sum of the strengths of the individual bolts, each taken as the lesser of its bearing and tearout strength.',
              ),
              figure('Figure J3.1', 'Clear distance lc for tearout at edge and interior bolts', 'bolted-plate', 130),
              filler('J3', 11, 3),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER K',
        title: 'ADDITIONAL REQUIREMENTS FOR HSS AND BOX-SECTION CONNECTIONS',
        sections: [
          {
            number: 'K1',
            title: 'General provisions and parameters for HSS connections',
            topic: 'hss',
            items: [filler('K1', 1, 3)],
          },
          {
            number: 'K2',
            title: 'Concentrated forces on HSS',
            topic: 'hss',
            items: [filler('K2', 1, 3)],
          },
        ],
      },
      {
        label: 'CHAPTER L',
        title: 'DESIGN FOR SERVICEABILITY',
        sections: [
          {
            number: 'L3',
            title: 'Deflections',
            topic: 'serviceability',
            items: [
              clause(
                'L3.1',
                'Deflections',
                'Deflections in structural members and structural systems under appropriate service load combinations shall not impair the serviceability of the structure. Limits shall be chosen for the function of the structure, for example a live-load deflection of about L/360 of the span for floors carrying plaster ceilings or brittle partitions, and larger values where finishes are flexible.',
              ),
              filler('L3', 2, 3),
            ],
          },
          {
            number: 'L4',
            title: 'Drift',
            topic: 'serviceability',
            items: [
              clause(
                'L4.1',
                'Drift',
                'Drift of a structure shall be evaluated under service loads to provide for serviceability of the structure, including the integrity of interior partitions and exterior cladding. Drift under strength load combinations shall not cause collision with adjacent structures or exceed the limiting values of drift specified by the applicable building code.',
              ),
              filler('L4', 2, 2),
            ],
          },
        ],
      },
      {
        label: 'CHAPTER M',
        title: 'FABRICATION AND ERECTION',
        sections: [
          {
            number: 'M2',
            title: 'Fabrication',
            topic: 'fabrication',
            items: [filler('M2', 1, 4)],
          },
          {
            number: 'M4',
            title: 'Erection',
            topic: 'fabrication',
            items: [filler('M4', 1, 3)],
          },
        ],
      },
      {
        label: 'CHAPTER N',
        title: 'QUALITY CONTROL AND QUALITY ASSURANCE',
        sections: [
          {
            number: 'N5',
            title: 'Minimum requirements for inspection of structural steel buildings',
            topic: 'fabrication',
            items: [filler('N5', 1, 4)],
          },
        ],
      },
      {
        label: 'APPENDIX 4',
        title: 'STRUCTURAL DESIGN FOR FIRE CONDITIONS',
        sections: [
          {
            number: '4.1',
            title: 'General provisions',
            topic: 'fire',
            items: [
              clause(
                '4.1.1',
                'Performance objective',
                'Structural components, members and building frame systems shall be designed so as to maintain their load-bearing function during the design-basis fire and to satisfy other performance requirements specified for the building occupancy. Deformation criteria shall be applied where the means of providing fire resistance, or the design criteria for fire barriers, require evaluation of the deformation of the load-carrying structure.',
              ),
              clause(
                '4.1.4',
                'Load combinations and required strength',
                'The required strength of the structure and its elements shall be determined from the gravity load combination for extraordinary events, in which the dead load is taken with a factor of 1.2, the live load with 0.5 and the snow load with 0.2, together with the effects of the fire including thermal expansion.',
              ),
              filler('4.1', 5, 3),
            ],
          },
          {
            number: '4.2',
            title: 'Structural design for fire conditions by analysis',
            topic: 'fire',
            items: [
              clause(
                '4.2.3.2',
                'Thermal and mechanical properties of steel at elevated temperatures',
                'The reduction of the modulus of elasticity and of the yield strength of steel with temperature shall be taken from Table A-4.2.1, with linear interpolation between the tabulated temperatures. At temperatures above about 750 °F the stiffness and strength of structural steel drop rapidly, which is why protection or analysis is needed for longer fire exposures.',
              ),
              table(
                'Table A-4.2.1',
                'Properties of steel at elevated temperatures',
                ['Steel temperature, °F:1.3', 'kE = E(T)/E:1', 'kp = Fp(T)/Fy:1', 'ky = Fy(T)/Fy:1'],
                [
                  ['68', '1.00', '1.00', '1.00'],
                  ['400', '0.90', '0.80', '1.00'],
                  ['750', '0.70', '0.58', '1.00'],
                  ['1000', '0.51', '0.36', '0.66'],
                  ['1200', '0.26', '0.14', '0.35'],
                  ['1400', '0.13', '0.07', '0.16'],
                ],
              ),
              clause(
                '4.2.4',
                'Design strength at elevated temperature',
                'The nominal strength of members at elevated temperature shall be determined using the provisions of the main chapters with the material properties reduced according to the steel temperature, with the resistance factor phi taken as 0.90 for all limit states except bolt and weld rupture. The fire resistance is the time at which the reduced strength falls below the required strength.',
              ),
              filler('4.2', 5, 2),
            ],
          },
        ],
      },
    ],
  };
}
