/**
 * Synthetic "EN 1992-1-1:2004": clauses 6.2.2 with numbered paragraphs (1),
 * (2), expressions "(6.2.a)", tables "Table 2.1N", sections instead of
 * chapters. Greek symbols are spelled out (gamma_c, rho_l) because the
 * standard fonts cannot show them. All clause text is original.
 */
import type { CodeSpec } from '../types.ts';
import { CONCRETE_TERMS } from './definitions.ts';
import { clause, defs, eq, figure, filler, table } from './dsl.ts';

export function en1992(): CodeSpec {
  return {
    fileId: 'en-1992-1-1-2004',
    designation: 'EN 1992-1-1:2004',
    title: 'Eurocode 2: Design of concrete structures — Part 1-1: General rules and rules for buildings',
    family: 'en',
    paper: 'a4',
    columns: 1,
    seed: 199211,
    chapters: [
      {
        label: 'SECTION 1',
        title: 'GENERAL',
        sections: [
          {
            number: '1.5',
            title: 'Definitions',
            topic: 'materials',
            items: [
              clause(
                '1.5.1',
                'General',
                'For the purposes of this standard the terms and definitions given in EN 1990 apply, together with the following additional terms that are specific to concrete structures.',
              ),
              defs(
                '1.5.2',
                1,
                CONCRETE_TERMS,
                [
                  'anchorage length',
                  'axis distance',
                  'basic control perimeter',
                  'characteristic strength',
                  'concrete cover',
                  'creep',
                  'design working life',
                  'drop panel',
                  'effective depth',
                  'effective length',
                  'exposure class',
                  'flat plate',
                  'lap splice',
                  'link',
                  'partial factor',
                  'quasi-permanent load',
                  'shrinkage',
                  'slenderness ratio',
                  'span-to-depth ratio',
                  'tendon',
                ],
                {
                  'lap splice':
                    'joint between two bars formed by overlapping them over the lap length, so that the force passes from one bar to the other through the concrete',
                },
              ),
            ],
          },
        ],
      },
      {
        label: 'SECTION 2',
        title: 'BASIS OF DESIGN',
        sections: [
          {
            number: '2.4',
            title: 'Verification by the partial factor method',
            topic: 'resistance',
            items: [
              filler('2.4.2', 1, 3),
              clause(
                '2.4.2.4',
                'Partial factors for materials',
                'Partial factors for materials for ultimate limit states, gamma_C and gamma_S, should be used. The values for use in a Country may be found in its National Annex; the recommended values for persistent, transient and accidental design situations are given in Table 2.1N. They are not valid for fire design, for which reference should be made to EN 1992-1-2.',
                'The recommended values of partial factors for materials for the verification of serviceability limit states are 1.0, since the material strengths are then compared with their characteristic values.',
              ),
              table(
                'Table 2.1N',
                'Partial factors for materials for ultimate limit states',
                [
                  'Design situations:2',
                  'gamma_C for concrete:1',
                  'gamma_S for reinforcing steel:1',
                  'gamma_S for prestressing steel:1',
                ],
                [
                  ['Persistent and transient', '1.5', '1.15', '1.15'],
                  ['Accidental', '1.2', '1.0', '1.0'],
                ],
              ),
              filler('2.4.3', 1, 2),
            ],
          },
        ],
      },
      {
        label: 'SECTION 3',
        title: 'MATERIALS',
        sections: [
          {
            number: '3.1',
            title: 'Concrete',
            topic: 'materials',
            items: [
              clause(
                '3.1.2',
                'Strength',
                'The compressive strength of concrete is denoted by strength classes related to the characteristic cylinder strength fck determined at 28 days, or the cube strength. The strength classes and the corresponding mean tensile strength and elastic modulus are given in Table 3.1.',
                'Where the strength is to be assessed at an age other than 28 days, a time-dependent development of strength may be assumed, with the coefficient depending on the type of cement.',
              ),
              table(
                'Table 3.1',
                'Strength and deformation characteristics for concrete',
                ['fck (MPa):1', 'fcm (MPa):1', 'fctm (MPa):1', 'Ecm (GPa):1'],
                [
                  ['20', '28', '2.2', '30'],
                  ['25', '33', '2.6', '31'],
                  ['30', '38', '2.9', '33'],
                  ['35', '43', '3.2', '34'],
                  ['40', '48', '3.5', '35'],
                  ['50', '58', '4.1', '37'],
                ],
                'fcm = fck + 8 MPa; Ecm = 22 (fcm/10)^0.3 with fcm in MPa.',
              ),
              clause(
                '3.1.3',
                'Elastic deformation',
                'The elastic deformations of concrete depend largely on its composition, especially the aggregates. The values in Table 3.1 should be regarded as indicative for general applications and should be specifically assessed where the structure is sensitive to deviations from them.',
                'The modulus of elasticity of concrete made with limestone aggregate should be reduced by ten percent, and with sandstone aggregate by thirty percent; for basalt aggregate it should be increased by twenty percent.',
                eq('Ecm = 22 (fcm / 10)^0.3', '(3.5)'),
              ),
              clause(
                '3.1.6',
                'Design compressive and tensile strengths',
                'The value of the design compressive strength is defined as:',
                eq(
                  'fcd = alpha_cc fck / gamma_C',
                  '(3.15)',
                  'where alpha_cc is the coefficient taking account of long-term effects on the compressive strength, with a recommended value of 1.0.',
                ),
              ),
              figure(
                'Figure 3.3',
                'Schematic stress-strain relation for concrete in structural analysis',
                'curve',
                130,
              ),
              filler('3.1', 7, 2),
            ],
          },
        ],
      },
      {
        label: 'SECTION 4',
        title: 'DURABILITY AND COVER TO REINFORCEMENT',
        sections: [
          {
            number: '4.2',
            title: 'Environmental conditions',
            topic: 'durability',
            items: [
              clause(
                '4.2.1',
                'Exposure classes',
                'Environmental conditions means the chemical and physical conditions to which the structure is exposed in addition to the mechanical actions. Exposure classes shall be selected from Table 4.1 for each surface, and a member may be assigned to several classes where different deterioration mechanisms act.',
              ),
              table(
                'Table 4.1',
                'Exposure classes related to environmental conditions',
                ['Class:0.6', 'Description of the environment:3'],
                [
                  ['X0', 'No risk of corrosion or attack, concrete without reinforcement or very dry'],
                  ['XC1 to XC4', 'Corrosion induced by carbonation, from dry or permanently wet to cyclic wet and dry'],
                  ['XD1 to XD3', 'Corrosion induced by chlorides other than from seawater, such as de-icing salts'],
                  [
                    'XS1 to XS3',
                    'Corrosion induced by chlorides from seawater: airborne salt, submerged, tidal and splash zones',
                  ],
                  ['XF1 to XF4', 'Freeze and thaw attack, with or without de-icing agents'],
                  ['XA1 to XA3', 'Chemical attack from natural soils and groundwater'],
                ],
              ),
              filler('4.2', 2, 3),
            ],
          },
          {
            number: '4.4',
            title: 'Methods of verification',
            topic: 'cover',
            items: [
              clause(
                '4.4.1.1',
                'Concrete cover — general',
                'The concrete cover is the distance between the surface of the reinforcement closest to the nearest concrete surface, including links and surface reinforcement, and the nearest concrete surface. The nominal cover shall be specified on the drawings. It is defined as a minimum cover plus an allowance in design for deviation:',
                eq('cnom = cmin + Delta_cdev', '(4.1)'),
              ),
              clause(
                '4.4.1.2',
                'Minimum cover',
                'Minimum concrete cover shall be provided to ensure the safe transmission of bond forces, the protection of steel against corrosion and an adequate fire resistance. The greater value satisfying the requirements for bond and for environmental conditions shall be used:',
                eq(
                  'cmin = max(cmin,b ; cmin,dur + Delta_cdur,gamma - Delta_cdur,st - Delta_cdur,add ; 10 mm)',
                  '(4.2)',
                ),
                'For structures near the sea or exposed to de-icing salts, the minimum cover for durability increases with the exposure class and the structural class, and may be reduced where stainless steel or additional protection is used.',
              ),
              table(
                'Table 4.4N',
                'Values of minimum cover cmin,dur for durability, reinforcement steel (mm)',
                [
                  'Structural class:1',
                  'X0:0.7',
                  'XC1:0.7',
                  'XC2/XC3:0.9',
                  'XC4:0.7',
                  'XD1/XS1:0.9',
                  'XD2/XS2:0.9',
                  'XD3/XS3:0.9',
                ],
                [
                  ['S1', '10', '10', '10', '15', '20', '25', '30'],
                  ['S3', '10', '10', '20', '25', '30', '35', '40'],
                  ['S4', '10', '15', '25', '30', '35', '40', '45'],
                  ['S6', '20', '25', '35', '40', '45', '50', '55'],
                ],
                'The recommended structural class for a design working life of 50 years is S4; it may be reduced for slabs and for special quality control.',
              ),
              filler('4.4.1', 3, 2),
            ],
          },
        ],
      },
      {
        label: 'SECTION 5',
        title: 'STRUCTURAL ANALYSIS',
        sections: [
          {
            number: '5.8',
            title: 'Analysis of second order effects with axial load',
            topic: 'analysis',
            items: [
              filler('5.8', 1, 2),
              clause(
                '5.8.3.1',
                'Slenderness criterion for isolated members',
                'Second order effects may be ignored if the slenderness lambda is below a certain value lambda_lim. The recommended value follows from:',
                eq(
                  'lambda_lim = 20 A B C / sqrt(n)',
                  '(5.13N)',
                  'where n = NEd / (Ac fcd) is the relative normal force and A, B and C account for creep, reinforcement and the moment ratio.',
                ),
              ),
              filler('5.8', 4, 3),
            ],
          },
          {
            number: '5.10',
            title: 'Prestressed members and structures',
            topic: 'prestress',
            items: [filler('5.10', 1, 5)],
          },
        ],
      },
      {
        label: 'SECTION 6',
        title: 'ULTIMATE LIMIT STATES (ULS)',
        sections: [
          {
            number: '6.1',
            title: 'Bending with or without axial force',
            topic: 'flexure',
            items: [
              clause(
                '6.1.1',
                'Assumptions',
                'Plane sections remain plane. The strain in bonded reinforcement is the same as that of the surrounding concrete. The tensile strength of the concrete is ignored, and the stresses in the concrete in compression are derived from the design stress-strain relationship.',
                'The compressive strain in the concrete shall be limited to epsilon_cu2 or epsilon_cu3 depending on the stress-strain diagram used, and the strain in the reinforcing steel to epsilon_ud where a limit is required.',
              ),
              filler('6.1', 2, 4),
            ],
          },
          {
            number: '6.2',
            title: 'Shear',
            topic: 'shear',
            items: [
              clause(
                '6.2.1',
                'General verification procedure',
                'For the verification of the shear resistance the following symbols are defined: VRd,c is the design shear resistance of the member without shear reinforcement, VRd,s the design value of the shear force which can be sustained by the yielding shear reinforcement, and VRd,max the design value of the maximum shear force limited by crushing of the compression struts.',
                'In regions of the member where VEd is not greater than VRd,c no calculated shear reinforcement is necessary, although minimum shear reinforcement should nevertheless be provided according to 9.2.2.',
              ),
              clause(
                '6.2.2',
                'Members not requiring design shear reinforcement',
                'The design value for the shear resistance VRd,c is given by:',
                eq('VRd,c = [CRd,c k (100 rho_l fck)^(1/3) + k1 sigma_cp] bw d', '(6.2.a)', 'with a minimum of'),
                eq('VRd,c = (vmin + k1 sigma_cp) bw d', '(6.2.b)'),
                'In these expressions k = 1 + sqrt(200/d) <= 2.0 with d in mm, rho_l = Asl/(bw d) <= 0.02 is the ratio of tensile reinforcement extending beyond the section considered, and sigma_cp is the axial compressive stress. The recommended value of CRd,c is 0.18/gamma_C.',
                'The shear force VEd calculated without reduction by beta should always satisfy VEd <= 0.5 bw d nu fcd, where nu is a strength reduction factor for concrete cracked in shear.',
              ),
              clause(
                '6.2.3',
                'Members requiring design shear reinforcement',
                'The design of members with shear reinforcement is based on a truss model, with the angle theta between the concrete compression strut and the beam axis limited by 1 <= cot theta <= 2.5. For members with vertical shear reinforcement, the shear resistance is the smaller of:',
                eq('VRd,s = (Asw / s) z fywd cot theta', '(6.8)'),
                eq('VRd,max = alpha_cw bw z nu1 fcd / (cot theta + tan theta)', '(6.9)'),
              ),
              figure('Figure 6.5', 'Truss model and notation for shear reinforced members', 'section', 130),
              filler('6.2', 4, 2),
            ],
          },
          {
            number: '6.3',
            title: 'Torsion',
            topic: 'shear',
            items: [
              clause(
                '6.3.1',
                'General',
                'Where the static equilibrium of a structure depends on the torsional resistance of elements of the structure, a full torsional design covering both ultimate and serviceability limit states shall be made.',
                'Where, in statically indeterminate structures, torsion arises from consideration of compatibility only, and the structure is not dependent on the torsional resistance for its stability, it will normally not be necessary to consider torsion at the ultimate limit state. A minimum reinforcement in the form of links and longitudinal bars should nevertheless be provided to prevent excessive cracking.',
              ),
              clause(
                '6.3.2',
                'Design procedure',
                'The torsional resistance of a section may be calculated on the basis of a thin-walled closed section, in which equilibrium is satisfied by a closed shear flow. Solid sections may be modelled by equivalent thin-walled sections with an effective wall thickness tef,i:',
                eq(
                  'tau_t,i tef,i = TEd / (2 Ak)',
                  '(6.26)',
                  'where Ak is the area enclosed by the centre-lines of the connecting walls, including inner hollow areas.',
                ),
                'The effects of torsion and shear may be superimposed for both hollow and solid members, assuming the same value for the strut inclination theta, and the maximum resistance of a member subjected to torsion and shear is limited by the capacity of the concrete struts.',
              ),
            ],
          },
          {
            number: '6.4',
            title: 'Punching',
            topic: 'punching',
            items: [
              clause(
                '6.4.2',
                'Load distribution and basic control perimeter',
                'The basic control perimeter u1 may normally be taken to be at a distance 2.0d from the loaded area and should be constructed so as to minimise its length. The effective depth of the slab is assumed constant and may normally be taken as the mean of the effective depths in two orthogonal directions.',
                'Control perimeters at a distance less than 2d should be considered where the concentrated force is opposed by a high pressure, for example soil pressure on a base, or by the effects of a load or reaction within a distance 2d of the periphery of the area of application of the force.',
              ),
              figure('Figure 6.12', 'Typical basic control perimeters around loaded areas', 'slab-column', 140),
              clause(
                '6.4.4',
                'Punching shear resistance of slabs and column bases without shear reinforcement',
                'The punching shear resistance of a slab should be assessed for the basic control section. The design punching shear resistance in MPa may be calculated as follows:',
                eq(
                  'vRd,c = CRd,c k (100 rho_l fck)^(1/3) + k1 sigma_cp >= vmin + k1 sigma_cp',
                  '(6.47)',
                  'where rho_l = sqrt(rho_ly rho_lz) <= 0.02 is the mean ratio of bonded tension steel in the two directions.',
                ),
              ),
              filler('6.4', 5, 4),
            ],
          },
        ],
      },
      {
        label: 'SECTION 7',
        title: 'SERVICEABILITY LIMIT STATES (SLS)',
        sections: [
          {
            number: '7.3',
            title: 'Crack control',
            topic: 'cracking',
            items: [
              clause(
                '7.3.1',
                'General considerations',
                'Cracking shall be limited to an extent that will not impair the proper functioning or durability of the structure or cause its appearance to be unacceptable. A limiting calculated crack width wmax, taking into account the proposed function and nature of the structure and the costs of limiting cracking, should be established.',
                'In the absence of specific requirements such as water-tightness, the recommended values of wmax for reinforced concrete members under the quasi-permanent combination of loads are given in Table 7.1N.',
              ),
              table(
                'Table 7.1N',
                'Recommended values of wmax (mm)',
                [
                  'Exposure class:2',
                  'Reinforced members, quasi-permanent load:2',
                  'Prestressed members with bonded tendons, frequent load:2',
                ],
                [
                  ['X0, XC1', '0.4', '0.2'],
                  ['XC2, XC3, XC4', '0.3', '0.2, and decompression checked'],
                  ['XD1, XD2, XS1, XS2, XS3', '0.3', 'Decompression'],
                ],
              ),
              clause(
                '7.3.3',
                'Control of cracking without direct calculation',
                'For reinforced or prestressed slabs in buildings subjected to bending without significant axial tension, specific measures to control cracking are not necessary where the overall depth does not exceed 200 mm. Elsewhere, crack widths may be kept within the limits by restricting either the bar diameter or the bar spacing according to the steel stress under the quasi-permanent load.',
              ),
              table(
                'Table 7.2N',
                'Maximum bar diameters for crack control',
                ['Steel stress, MPa:1.2', 'wk = 0.4 mm:1', 'wk = 0.3 mm:1', 'wk = 0.2 mm:1'],
                [
                  ['160', '40', '32', '25'],
                  ['200', '32', '25', '16'],
                  ['240', '20', '16', '12'],
                  ['280', '16', '12', '8'],
                  ['320', '12', '10', '6'],
                  ['360', '10', '8', '5'],
                ],
              ),
              filler('7.3', 4, 2),
            ],
          },
          {
            number: '7.4',
            title: 'Deflection control',
            topic: 'deflection',
            items: [
              clause(
                '7.4.1',
                'General considerations',
                'The deformation of a member or structure shall not be such that it adversely affects its proper functioning or appearance. The appearance and general utility of the structure could be impaired when the calculated sag of a beam, slab or cantilever subjected to quasi-permanent loads exceeds span/250. The sag is assessed relative to the supports, and pre-camber may be used to compensate for some or all of the deflection.',
                'Deflections that could damage adjacent parts of the structure, such as partitions, finishes and glazing, should be limited. For the deflection after construction, span/500 is normally an appropriate limit for quasi-permanent loads.',
              ),
              clause(
                '7.4.2',
                'Cases where calculations may be omitted',
                'Generally, it is not necessary to calculate the deflections explicitly, as simple rules, for example limits to span/depth ratio, may be formulated which will be adequate for avoiding deflection problems in normal circumstances. The limiting span/depth ratio for reinforced members without axial compression may be estimated from:',
                eq(
                  'l/d = K [11 + 1.5 sqrt(fck) rho0/rho + 3.2 sqrt(fck) (rho0/rho - 1)^(3/2)]',
                  '(7.16.a)',
                  'if rho <= rho0, where K is a factor for the structural system and rho0 = 10^-3 sqrt(fck).',
                ),
              ),
              table(
                'Table 7.4N',
                'Basic ratios of span to effective depth for reinforced concrete members without axial compression',
                ['Structural system:3', 'K:0.6', 'Highly stressed concrete:1', 'Lightly stressed concrete:1'],
                [
                  ['Simply supported beam, one- or two-way spanning simply supported slab', '1.0', '14', '20'],
                  ['End span of continuous beam or one-way continuous slab', '1.3', '18', '26'],
                  ['Interior span of beam or one-way or two-way spanning slab', '1.5', '20', '30'],
                  ['Slab supported on columns without beams (flat slab), based on longer span', '1.2', '17', '24'],
                  ['Cantilever', '0.4', '6', '8'],
                ],
              ),
              filler('7.4', 3, 2),
            ],
          },
        ],
      },
      {
        label: 'SECTION 8',
        title: 'DETAILING OF REINFORCEMENT AND PRESTRESSING TENDONS — GENERAL',
        sections: [
          {
            number: '8.4',
            title: 'Anchorage of longitudinal reinforcement',
            topic: 'development',
            items: [
              clause(
                '8.4.2',
                'Ultimate bond stress',
                'The ultimate bond strength shall be sufficient to prevent bond failure. The design value of the ultimate bond stress for ribbed bars may be taken as:',
                eq(
                  'fbd = 2.25 eta_1 eta_2 fctd',
                  '(8.2)',
                  'where eta_1 is 1.0 for good bond conditions and 0.7 otherwise, and eta_2 is 1.0 for bar diameters up to 32 mm.',
                ),
              ),
              clause(
                '8.4.3',
                'Basic anchorage length',
                'The calculation of the required anchorage length shall take into consideration the type of steel and the bond properties of the bars. The basic required anchorage length for anchoring the force As sigma_sd in a straight bar, assuming constant bond stress equal to fbd, follows from:',
                eq(
                  'lb,rqd = (phi / 4) (sigma_sd / fbd)',
                  '(8.3)',
                  'where sigma_sd is the design stress of the bar at the position from where the anchorage is measured.',
                ),
                'For bent bars the basic required anchorage length and the design length should be measured along the centre-line of the bar.',
              ),
              clause(
                '8.4.4',
                'Design anchorage length',
                'The design anchorage length lbd is obtained by multiplying the basic length by coefficients for the shape of the bar, the concrete cover, confinement by transverse reinforcement, welded transverse bars and transverse pressure:',
                eq('lbd = alpha_1 alpha_2 alpha_3 alpha_4 alpha_5 lb,rqd >= lb,min', '(8.4)'),
                'The minimum anchorage length for anchorages in tension is the greatest of 0.3 lb,rqd, 10 phi and 100 mm.',
              ),
              filler('8.4', 5, 3),
            ],
          },
          {
            number: '8.7',
            title: 'Laps and mechanical couplers',
            topic: 'splices',
            items: [
              filler('8.7', 1, 2),
              clause(
                '8.7.3',
                'Lap length',
                'The design lap length is derived from the basic anchorage length, modified for the proportion of bars lapped at one section:',
                eq(
                  'l0 = alpha_1 alpha_2 alpha_3 alpha_5 alpha_6 lb,rqd >= l0,min',
                  '(8.10)',
                  'where alpha_6 = (rho_1/25)^0.5 lies between 1.0 and 1.5, rho_1 being the percentage of reinforcement lapped within 0.65 l0 of the centre of the lap.',
                ),
                'The minimum lap length is the greatest of 0.3 alpha_6 lb,rqd, 15 phi and 200 mm.',
              ),
              figure('Figure 8.7', 'Adjacent laps and the lap length l0', 'lap', 90),
              filler('8.7', 4, 2),
            ],
          },
        ],
      },
      {
        label: 'SECTION 9',
        title: 'DETAILING OF MEMBERS AND PARTICULAR RULES',
        sections: [
          {
            number: '9.2',
            title: 'Beams',
            topic: 'detailing',
            items: [
              filler('9.2.1', 1, 3),
              clause(
                '9.2.2',
                'Shear reinforcement',
                'The shear reinforcement should form an angle alpha of between 45 and 90 degrees to the longitudinal axis of the structural element. The ratio of shear reinforcement is given by rho_w = Asw / (s bw sin alpha), and its recommended minimum value is:',
                eq('rho_w,min = (0.08 sqrt(fck)) / fyk', '(9.5N)'),
                'The maximum longitudinal spacing between successive series of links should not exceed sl,max = 0.75 d (1 + cot alpha).',
              ),
              filler('9.2.3', 1, 2),
            ],
          },
          {
            number: '9.3',
            title: 'Solid slabs',
            topic: 'slabs',
            items: [filler('9.3.1', 1, 4)],
          },
          {
            number: '9.5',
            title: 'Columns',
            topic: 'columns',
            items: [
              clause(
                '9.5.2',
                'Longitudinal reinforcement',
                'Longitudinal bars should have a diameter of not less than phi_min, with a recommended value of 8 mm. The total amount of longitudinal reinforcement should not be less than As,min, and should not exceed 0.04Ac outside lap locations unless it can be shown that the integrity of the concrete is not affected:',
                eq('As,min = 0.10 NEd / fyd or 0.002 Ac, whichever is the greater', '(9.12N)'),
              ),
              filler('9.5', 3, 3),
            ],
          },
          {
            number: '9.6',
            title: 'Walls',
            topic: 'walls',
            items: [filler('9.6', 1, 4)],
          },
          {
            number: '9.8',
            title: 'Foundations',
            topic: 'foundations',
            items: [filler('9.8', 1, 4)],
          },
        ],
      },
      {
        label: 'SECTION 10',
        title: 'ADDITIONAL RULES FOR PRECAST CONCRETE ELEMENTS AND STRUCTURES',
        sections: [
          {
            number: '10.9',
            title: 'Particular rules for design and detailing',
            topic: 'construction',
            items: [filler('10.9', 1, 6)],
          },
        ],
      },
      {
        label: 'SECTION 11',
        title: 'LIGHTWEIGHT AGGREGATE CONCRETE STRUCTURES',
        sections: [
          {
            number: '11.3',
            title: 'Materials',
            topic: 'materials',
            items: [filler('11.3', 1, 5)],
          },
          {
            number: '11.4',
            title: 'Durability and cover to reinforcement',
            topic: 'durability',
            items: [filler('11.4', 1, 3)],
          },
        ],
      },
      {
        label: 'SECTION 12',
        title: 'PLAIN AND LIGHTLY REINFORCED CONCRETE STRUCTURES',
        sections: [
          {
            number: '12.6',
            title: 'Ultimate limit states',
            topic: 'walls',
            items: [filler('12.6', 1, 5)],
          },
        ],
      },
    ],
  };
}
