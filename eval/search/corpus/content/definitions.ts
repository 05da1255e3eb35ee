/** Term banks for the Definitions chapters. All meanings are original wording. */

export const CONCRETE_TERMS: Record<string, string> = {
  'anchorage length':
    'length of straight bar, measured from a critical section, over which the force in the bar is transferred to the surrounding concrete by bond',
  'development length':
    'length of embedded reinforcement required for the bar to reach its design stress at a critical section',
  'clear cover':
    'least distance between the surface of embedded reinforcement and the nearest outer surface of the concrete',
  'concrete cover':
    'distance between the surface of the reinforcement closest to the nearest concrete surface and that concrete surface',
  'effective depth':
    'distance from the extreme compression fibre to the centroid of the longitudinal tension reinforcement',
  'lap splice':
    'connection of two bars made by overlapping them over a length that transfers the force of one bar to the other through the concrete',
  stirrup:
    'transverse reinforcement enclosing or crossing the longitudinal bars of a flexural member to resist shear and torsion',
  link: 'bar or wire bent around longitudinal reinforcement to resist shear or to restrain bars in compression',
  'specified compressive strength':
    'compressive strength of concrete assumed in design and used for acceptance, determined at 28 days unless another age is stated',
  'characteristic strength':
    'value of a material strength below which not more than five percent of all possible test results are expected to fall',
  'exposure class':
    'designation of the environmental conditions to which a concrete surface is subjected during its design working life',
  'exposure classification':
    'designation of the environmental conditions to which a concrete surface is subjected during its design working life',
  'critical section':
    'section at which the effects of design actions are compared with the design strength of a member',
  'two-way slab':
    'slab that carries load by bending in two orthogonal directions, supported on its edges or directly on columns',
  'drop panel':
    'local thickening of a slab over a column that increases the punching shear resistance and reduces negative moment reinforcement',
  hook: 'bend at the end of a bar of specified angle and straight extension, used to shorten the length needed for anchorage',
  creep: 'time-dependent increase in strain of concrete under sustained stress',
  shrinkage:
    'reduction in volume of concrete caused by moisture loss and chemical reactions, independent of applied load',
  column:
    'member, usually vertical, whose length exceeds three times its least lateral dimension and which resists mainly axial compression',
  'deformed bar': 'reinforcing bar with ribs or lugs rolled onto its surface to improve its bond with concrete',
  tendon:
    'wire, strand or bar, or a group of these, used to impart prestress to concrete, together with its anchorages and sheathing',
  'design working life':
    'period during which a structure is intended to serve its purpose with planned maintenance but without major repair',
  'design life':
    'period during which a structure is intended to serve its purpose with planned maintenance but without major repair',
  'shear reinforcement':
    'reinforcement provided to resist shear, usually in the form of stirrups, links or headed studs',
  'lightweight concrete':
    'concrete containing lightweight aggregate and having an equilibrium density lower than that of normalweight concrete',
  'crack width': 'width of a crack at the concrete surface, measured at right angles to the crack',
  'slenderness ratio': 'ratio of the effective length of a compression member to its radius of gyration',
  'fire-resistance level':
    'grading of the fire performance of an element in minutes, for structural adequacy, integrity and insulation, in that order',
  'fire resistance period':
    'time in minutes for which a member continues to meet a fire performance criterion in a standard fire test',
  'axis distance': 'distance from the centre of a longitudinal bar or tendon to the nearest surface exposed to fire',
  'basic control perimeter':
    'perimeter around a loaded area, at a specified distance from it, on which the punching shear resistance is checked',
  'flat plate': 'slab of uniform thickness supported directly on columns without beams, drop panels or column capitals',
  'anchorage zone':
    'region of a member in which a concentrated force, such as a tendon anchorage, spreads to a more uniform distribution of stress',
  'strut-and-tie model':
    'truss model of a region of a member, made of compression struts and tension ties joined at nodes, used for design of disturbed regions',
  'factored resistance':
    'resistance of a member, connection or cross-section calculated from specified material properties and the appropriate material resistance factors',
  'capacity reduction factor': 'factor applied to the ultimate strength of a member to obtain its design capacity',
  'strength reduction factor':
    'factor less than one applied to nominal strength to account for uncertain material properties, dimensions and design equations',
  'partial factor':
    'factor applied to a characteristic value of an action or a material property to obtain its design value',
  'quasi-permanent load':
    'part of the variable load expected to be present for a large fraction of the design working life',
  'span-to-depth ratio':
    'ratio of the effective span of a member to its effective depth, used for checking deflection without calculation',
  'effective length':
    'length of a compression member between points of contraflexure, or its equivalent, used to evaluate buckling',
  dv: 'effective shear depth, taken as the greater of 0.9d and 0.72h',
  'member depth': 'overall depth of a member measured in the direction of the applied load',
};

export const LOAD_TERMS: Record<string, string> = {
  'allowable stress design':
    'method of proportioning members such that elastically computed stresses under nominal loads do not exceed specified allowable stresses',
  'basic wind speed':
    'three-second gust speed at 33 ft above ground in open terrain, as read from the wind speed maps for the risk category',
  'building, enclosed':
    'building with openings in its envelope small enough that internal pressure is limited, as defined by the enclosure criteria',
  'components and cladding':
    'elements of the building envelope, and their fasteners, that do not qualify as part of the main wind force resisting system',
  'dead loads':
    'weights of all materials of construction incorporated into the building, including fixed service equipment',
  'design strength': 'nominal strength multiplied by a resistance factor',
  diaphragm:
    'roof, floor or other membrane or bracing system acting to transfer lateral forces to the vertical resisting elements',
  'effective wind area':
    'area used to determine the pressure coefficient of a component, not less than its span times one-third of the span',
  exposure:
    'characteristics of the ground roughness and surface irregularities upwind of a site, used to select wind profiles',
  'ground snow load': 'weight of snow on the ground at the site, used as the basis for the design roof snow load',
  'importance factor':
    'factor that accounts for the degree of risk to human life, health and welfare associated with damage to property or loss of use',
  'live load':
    'load produced by the use and occupancy of the building that does not include construction or environmental loads',
  'load effects': 'forces and deformations produced in structural members by the applied loads',
  'main wind force resisting system':
    'assemblage of structural elements assigned to provide support and stability for the overall structure under wind',
  'mean roof height': 'average of the roof eave height and the height to the highest point on the roof surface',
  'nominal loads':
    'magnitudes of the loads specified in this standard for dead, live, soil, wind, snow, rain, flood and earthquake',
  'risk category':
    'categorization of buildings for determination of flood, wind, snow, ice and earthquake loads based on the risk associated with unacceptable performance',
  'seismic force-resisting system':
    'part of the structural system that has been considered in the design to provide the required resistance to seismic forces',
  'story drift': 'horizontal deflection at the top of a story relative to the bottom of that story',
  'story drift ratio': 'story drift divided by the story height',
  'strength design':
    'method of proportioning members such that the computed forces produced by factored loads do not exceed the design strength',
  'tributary area': 'loaded area of a member from which load is delivered to it, used for live load reduction',
  'serviceability limit state':
    'condition beyond which a structure or member is no longer fit for its intended use although it remains safe',
};

export const STEEL_TERMS: Record<string, string> = {
  'allowable strength': 'nominal strength divided by the safety factor',
  'available strength': 'design strength or allowable strength, as applicable',
  'bearing-type connection':
    'bolted connection where shear forces are transmitted by the bolt bearing against the connected elements',
  'slip-critical connection':
    'bolted connection designed to prevent movement of the connected parts by friction on the faying surfaces',
  'compact section':
    'section capable of developing a fully plastic stress distribution and a rotation capacity of about three before local buckling',
  'design strength': 'resistance factor multiplied by the nominal strength',
  'effective length factor': 'ratio between the effective length and the unbraced length of a member',
  'effective net area': 'net area modified to account for the effect of shear lag',
  'elevated temperatures':
    'heating conditions experienced by building elements or structures as a result of fire, exceeding ambient conditions',
  'fillet weld': 'weld of generally triangular cross section made between intersecting surfaces of elements',
  'complete-joint-penetration groove weld':
    'groove weld in which weld metal extends through the joint thickness, except as permitted for tubular connections',
  'lateral-torsional buckling':
    'buckling mode of a flexural member involving deflection out of the plane of bending combined with twist about the shear centre',
  'local buckling': 'limit state of buckling of a compression element within a cross section',
  'nominal strength':
    'strength of a structure or component to resist load effects, as determined in accordance with this Specification',
  'prying action':
    'amplification of the tension force in a bolt caused by leverage between the point of applied load, the bolt and the reaction of the connected elements',
  'required strength':
    'forces, stresses and deformations acting on a structural component, determined by structural analysis for the applicable load combinations',
  'shear lag':
    'nonuniform tensile stress distribution in a member or connecting element in the vicinity of a connection',
  tearout:
    'limit state of a bolt hole in which the material between the hole and the edge of the connected part fails in shear',
  'unbraced length':
    'distance between braced points of a member, measured between the centres of gravity of the bracing members',
  'fire resistance':
    'property of assemblies that prevents or retards the passage of excessive heat, hot gases or flames under conditions of use',
  'notional load':
    'virtual load applied in a structural analysis to account for destabilizing effects not otherwise accounted for',
};
