// The memory evaluation's dataset, written for this project: multi-session
// conversations between structural engineers and an assistant about
// real-looking projects, and questions with the ids of the messages that
// answer them. `stale` lists messages whose statement a later message
// replaced, and `replaced` the value as the stale message wrote it: a fact
// from those messages that states that value is an answer from history. (A
// stale message may state other things that stay current: "The moment frame
// columns are W10x49 and the beam is a W18x50" loses only its beam.)

export interface EvalMessage {
  id: string;
  role: string;
  roleType: 'user' | 'assistant';
  content: string;
}

export interface EvalSession {
  id: string;
  /** ISO date of the session; messages are a minute apart. */
  date: string;
  messages: EvalMessage[];
}

export interface EvalQuestion {
  question: string;
  evidence: string[];
  stale?: string[];
  /** The replaced value as the stale message wrote it ("W18x50"): what makes one of its facts stale. */
  replaced?: string[];
}

export interface EvalConversation {
  id: string;
  sessions: EvalSession[];
  questions: EvalQuestion[];
}

type Line = [role: string, content: string];

export function session(conversation: string, n: number, date: string, user: string, lines: Line[]): EvalSession {
  return {
    id: `${conversation}-s${n}`,
    date,
    messages: lines.map(([role, content], i) => ({
      id: `${conversation}-s${n}-m${i + 1}`,
      role: role === 'A' ? 'assistant' : user,
      roleType: role === 'A' ? 'assistant' : 'user',
      content,
    })),
  };
}

const U = 'U';
const A = 'A';

export const CONVERSATIONS: EvalConversation[] = [
  {
    id: 'c1',
    sessions: [
      session('c1', 1, '2026-01-12T09:00:00Z', 'Maria', [
        [
          U,
          'Hi, I am Maria Lopez. I work at Thornton Structural Engineers and I am the engineer of record for the Ashford Tower project.',
        ],
        [A, 'Nice to meet you, Maria. What kind of building is Ashford Tower?'],
        [U, 'Ashford Tower is a 12-story mixed-use building in Portland with retail at grade and apartments above.'],
        [U, 'The floors above Level 2 are 8 in post-tensioned slabs spanning about 28 ft between columns.'],
        [A, 'Understood. Which concrete code are you designing the slabs to?'],
        [
          U,
          'The slabs are designed to ACI 318-19, and the lateral system uses concrete core walls around the elevator core.',
        ],
        [U, 'The transfer girder at Level 3 is a 36 in deep concrete beam that picks up the column at grid C-4.'],
        [
          U,
          'Seismic design follows ASCE 7-22 with seismic design category D and site class D from the geotechnical report by Cascade Geotech.',
        ],
        [A, 'Thanks. I will remember that the seismic design category is D for Ashford Tower.'],
      ]),
      session('c1', 2, '2026-01-26T14:00:00Z', 'Maria', [
        [U, 'Quick update on Ashford Tower: the roof snow load is 25 psf per the city amendments.'],
        [U, 'For the retail canopy we picked a W12x26 steel beam at grid A-1.'],
        [A, 'Noted the W12x26 for the canopy beam. Is the canopy designed to AISC 360-16?'],
        [U, 'Yes, the canopy steel is designed to AISC 360-16 and the connections are bolted shear tabs.'],
        [U, 'The mat foundation under the core is 6 ft thick with #9 bars @ 12 in each way, top and bottom.'],
        [U, 'Punching shear at column C7 governs the slab thickness; we added stud rails there.'],
        [A, 'Stud rails at column C7 make sense for punching shear. Anything else on the foundations?'],
        [U, 'The allowable soil bearing pressure is 6 ksf according to Cascade Geotech.'],
      ]),
      session('c1', 3, '2026-02-16T10:30:00Z', 'Maria', [
        [
          U,
          'The architect moved the canopy, so we replaced the W12x26 with a W14x30 at grid A-1 because of deflection.',
        ],
        [U, 'The city revised the roof snow load to 30 psf after the new drift study.'],
        [A, 'Got it, the canopy beam is now a W14x30 and the roof snow load is 30 psf.'],
        [U, 'We also switched the analysis model from ETABS to RAM Concept for the post-tensioned slabs.'],
        [U, 'Sheet S-201 shows the Level 3 transfer girder reinforcement and sheet S-301 the core wall elevations.'],
        [U, 'The deflection limit for the canopy beam is L/360 under live load.'],
        [A, 'I will keep that the canopy deflection limit is L/360.'],
      ]),
    ],
    questions: [
      { question: 'Where does Maria work?', evidence: ['c1-s1-m1'] },
      { question: 'How tall is Ashford Tower and what is it used for?', evidence: ['c1-s1-m3'] },
      { question: 'How thick are the post-tensioned slabs?', evidence: ['c1-s1-m4'] },
      { question: 'Which concrete code are the slabs designed to?', evidence: ['c1-s1-m6'] },
      { question: 'What picks up the column at grid C-4?', evidence: ['c1-s1-m7'] },
      { question: 'What is the seismic design category and site class?', evidence: ['c1-s1-m8'] },
      {
        question: 'What steel section is the canopy beam at grid A-1?',
        evidence: ['c1-s3-m1'],
        stale: ['c1-s2-m2'],
        replaced: ['W12x26'],
      },
      {
        question: 'What is the roof snow load now?',
        evidence: ['c1-s3-m2'],
        stale: ['c1-s2-m1'],
        replaced: ['25 psf'],
      },
      { question: 'How thick is the mat foundation and how is it reinforced?', evidence: ['c1-s2-m5'] },
      { question: 'Why did we add stud rails at column C7?', evidence: ['c1-s2-m6'] },
      { question: 'What is the allowable soil bearing pressure?', evidence: ['c1-s2-m8'] },
      { question: 'Which software do we use for the post-tensioned slab analysis?', evidence: ['c1-s3-m4'] },
      { question: 'Which sheet shows the transfer girder reinforcement?', evidence: ['c1-s3-m5'] },
      { question: 'What deflection limit applies to the canopy beam?', evidence: ['c1-s3-m6'] },
    ],
  },
  {
    id: 'c2',
    sessions: [
      session('c2', 1, '2026-01-05T08:15:00Z', 'Omar', [
        [
          U,
          'Hello, Omar Haddad here from Halcrow Partners. We are starting the Harbor View Garage, a five-level precast parking structure in Oakland.',
        ],
        [A, 'Hi Omar. What is the lateral system for Harbor View Garage?'],
        [U, 'The lateral system is precast shear walls with dry connections, designed to ACI 318-19 Chapter 18.'],
        [U, 'The double tees are 24 in deep with a 3 in cast-in-place topping.'],
        [U, 'The design live load is 40 psf for passenger vehicles, per ASCE 7-22 Table 4.3-1.'],
        [A, 'Noted. What about the foundations?'],
        [
          U,
          'The foundations are drilled piers, 30 in diameter, about 45 ft long, from the Bay Area Geotechnical report.',
        ],
        [U, 'Corrosion protection is a concern because of the marine air, so the topping uses epoxy-coated rebar.'],
      ]),
      session('c2', 2, '2026-01-20T16:40:00Z', 'Omar', [
        [
          U,
          'I no longer work at Halcrow Partners; I joined Meridian Structures last week and I am taking Harbor View Garage with me.',
        ],
        [A, 'Congratulations on the move to Meridian Structures. Does the project scope change?'],
        [
          U,
          'The owner added a sixth level, so the garage is now six levels and the drilled piers grow to 36 in diameter.',
        ],
        [U, 'The spandrel beams are 60 in deep L-beams and they carry the double tees at the perimeter.'],
        [U, 'We use SAP2000 for the lateral model and Enercalc for the connection checks.'],
        [A, 'SAP2000 for the lateral analysis, got it.'],
        [U, 'The expansion joint is at grid line 7, sized for 4 in of movement.'],
      ]),
      session('c2', 3, '2026-02-09T11:00:00Z', 'Omar', [
        [
          U,
          'The plan checker asked for the vehicle barrier load of 6 kips applied 18 in above the deck per IBC 1607.9.',
        ],
        [U, 'We switched the topping rebar from epoxy-coated to galvanized bars after a cost review.'],
        [A, 'So the topping now uses galvanized reinforcement instead of epoxy-coated bars.'],
        [U, 'The ramp at the north end has a slope of 6.67 percent and frames into the spandrel at grid A.'],
        [U, 'Wind design uses 110 mph for risk category II.'],
        [A, 'I will remember the 110 mph wind speed for Harbor View Garage.'],
      ]),
    ],
    questions: [
      {
        question: 'Where does Omar work now?',
        evidence: ['c2-s2-m1'],
        stale: ['c2-s1-m1'],
        replaced: ['Halcrow Partners'],
      },
      { question: 'What is the lateral system of the garage?', evidence: ['c2-s1-m3'] },
      { question: 'How deep are the double tees and the topping?', evidence: ['c2-s1-m4'] },
      { question: 'What live load is used for the parking decks?', evidence: ['c2-s1-m5'] },
      {
        question: 'What diameter are the drilled piers?',
        evidence: ['c2-s2-m3'],
        stale: ['c2-s1-m7'],
        replaced: ['30 in'],
      },
      {
        question: 'How many levels does Harbor View Garage have?',
        evidence: ['c2-s2-m3'],
        stale: ['c2-s1-m1'],
        replaced: ['five-level'],
      },
      { question: 'What carries the double tees at the perimeter?', evidence: ['c2-s2-m4'] },
      { question: 'Which programs do we use for the lateral model and connections?', evidence: ['c2-s2-m5'] },
      { question: 'Where is the expansion joint and how much movement does it take?', evidence: ['c2-s2-m7'] },
      { question: 'What vehicle barrier load did the plan checker ask for?', evidence: ['c2-s3-m1'] },
      {
        question: 'What kind of rebar is in the topping?',
        evidence: ['c2-s3-m2'],
        stale: ['c2-s1-m8'],
        replaced: ['epoxy-coated'],
      },
      { question: 'What is the slope of the north ramp?', evidence: ['c2-s3-m4'] },
      { question: 'What wind speed is used?', evidence: ['c2-s3-m5'] },
    ],
  },
  {
    id: 'c3',
    sessions: [
      session('c3', 1, '2026-02-02T13:00:00Z', 'Priya', [
        [
          U,
          'Priya Nair from Birchwood Engineering. I am working on the Riverside Elementary School addition in Bend, Oregon.',
        ],
        [A, 'Hi Priya. What is the structural system of the Riverside Elementary School addition?'],
        [U, 'It is a one-story wood-framed gym with glulam beams at 16 ft on center and plywood roof diaphragm.'],
        [U, 'The main glulam beams are 6-3/4 x 33 in 24F-V4, spanning 64 ft, designed to NDS 2018.'],
        [U, 'The ground snow load is 40 psf and we have a drift against the existing two-story classroom wing.'],
        [A, 'The snow drift at the step to the classroom wing will likely govern the roof framing near it.'],
        [U, 'The lateral system is plywood shear walls with hold-downs, using SDPWS 2015.'],
        [U, 'The school is risk category III, so the importance factor for snow is 1.1.'],
      ]),
      session('c3', 2, '2026-02-18T09:30:00Z', 'Priya', [
        [U, 'The drift calculation gives a peak drift load of 118 psf at the classroom wing wall.'],
        [U, 'We will add a steel moment frame along grid line 1 because the gym has large openings there.'],
        [A, 'A moment frame along grid line 1 can handle the openings. What sections?'],
        [U, 'The moment frame columns are W10x49 and the beam is a W18x50, designed to AISC 341-16.'],
        [U, 'Spread footings are 5 ft square and 18 in thick with an allowable bearing of 2500 psf.'],
        [
          U,
          'The existing classroom wing is unreinforced masonry, so we keep the addition seismically separated with a 3 in gap.',
        ],
      ]),
      session('c3', 3, '2026-03-03T15:10:00Z', 'Priya', [
        [U, 'The moment frame beam was upsized from the W18x50 to a W21x62 to meet drift limits.'],
        [U, 'The district asked to use the gym as an emergency shelter, so the school moved to risk category IV.'],
        [A, 'With risk category IV the snow importance factor becomes 1.2.'],
        [U, 'The glulam supplier is Pacific Laminated and the shop drawings arrive next week.'],
        [U, 'Sheet S-102 shows the roof framing plan and S-501 the moment frame connections.'],
      ]),
    ],
    questions: [
      { question: 'Which firm is Priya with?', evidence: ['c3-s1-m1'] },
      { question: 'What is the structural system of the gym addition?', evidence: ['c3-s1-m3'] },
      { question: 'What size are the main glulam beams and what do they span?', evidence: ['c3-s1-m4'] },
      { question: 'What is the ground snow load?', evidence: ['c3-s1-m5'] },
      { question: 'What is the peak snow drift load at the classroom wing?', evidence: ['c3-s2-m1'] },
      { question: 'Why is there a moment frame along grid line 1?', evidence: ['c3-s2-m2'] },
      {
        question: 'What section is the moment frame beam?',
        evidence: ['c3-s3-m1'],
        stale: ['c3-s2-m4'],
        replaced: ['W18x50'],
      },
      { question: 'What size are the moment frame columns?', evidence: ['c3-s2-m4'] },
      { question: 'How big are the spread footings?', evidence: ['c3-s2-m5'] },
      { question: 'How is the addition separated from the masonry classroom wing?', evidence: ['c3-s2-m6'] },
      {
        question: 'What risk category is the school?',
        evidence: ['c3-s3-m2'],
        stale: ['c3-s1-m8'],
        replaced: ['risk category III'],
      },
      { question: 'Who supplies the glulam beams?', evidence: ['c3-s3-m4'] },
      { question: 'Which sheet shows the moment frame connections?', evidence: ['c3-s3-m5'] },
      { question: 'What shear wall standard is used for the lateral system?', evidence: ['c3-s1-m7'] },
    ],
  },
  {
    id: 'c4',
    sessions: [
      session('c4', 1, '2026-01-08T10:00:00Z', 'Tom', [
        [
          U,
          'Tom Becker, bridge group at Alder and Finch Engineers. We are designing the Cedar Creek Pedestrian Bridge.',
        ],
        [A, 'Hello Tom. What type of bridge is the Cedar Creek Pedestrian Bridge?'],
        [U, 'It is a 140 ft single-span steel Pratt truss with a 12 ft wide concrete deck.'],
        [U, 'The truss chords are HSS8x8x1/2 and the verticals HSS6x6x3/8, ASTM A500 Grade C.'],
        [
          U,
          'Design follows the AASHTO LRFD Guide Specifications for pedestrian bridges with a 90 psf pedestrian live load.',
        ],
        [A, 'Noted. Have you looked at vibration?'],
        [U, 'The first vertical frequency is 3.4 Hz, above the 3.0 Hz limit, so vibration is fine.'],
        [U, 'The abutments sit on H-piles, HP12x53, driven to refusal on basalt.'],
      ]),
      session('c4', 2, '2026-01-29T09:45:00Z', 'Tom', [
        [U, 'The county wants an H10 maintenance vehicle on the bridge, so the deck goes from 6 in to 8 in thick.'],
        [U, 'With the heavier deck the chords were upsized from the HSS8x8x1/2 to HSS10x10x5/8.'],
        [A, 'So the truss chords are now HSS10x10x5/8 because of the maintenance vehicle.'],
        [U, 'The first vertical frequency dropped to 3.1 Hz with the heavier deck, still above the limit.'],
        [U, 'Bearings are elastomeric at the east abutment and fixed pot bearings at the west abutment.'],
        [U, 'Kenji Sato at Alder and Finch Engineers is checking the fatigue details of the floor beam connections.'],
      ]),
      session('c4', 3, '2026-02-20T14:20:00Z', 'Tom', [
        [U, 'The hydraulic report from Riverbend Hydrology puts the 100-year flood 4 ft below the low chord.'],
        [U, 'Kenji no longer works on the fatigue checks; Ana Ruiz took them over.'],
        [A, 'Understood, Ana Ruiz is now doing the fatigue checks for the floor beam connections.'],
        [U, 'The steel will be hot-dip galvanized and painted green per the county parks standard.'],
        [U, 'Sheet B-201 shows the truss elevation and B-401 the bearing details.'],
      ]),
    ],
    questions: [
      { question: 'Which company is Tom with?', evidence: ['c4-s1-m1'] },
      { question: 'What type and span is the Cedar Creek bridge?', evidence: ['c4-s1-m3'] },
      {
        question: 'What sections are the truss chords?',
        evidence: ['c4-s2-m2'],
        stale: ['c4-s1-m4'],
        replaced: ['HSS8x8x1/2'],
      },
      { question: 'What pedestrian live load is used?', evidence: ['c4-s1-m5'] },
      {
        question: 'What is the first vertical frequency of the bridge?',
        evidence: ['c4-s2-m4'],
        stale: ['c4-s1-m7'],
        replaced: ['3.4 Hz'],
      },
      { question: 'What piles support the abutments?', evidence: ['c4-s1-m8'] },
      { question: 'How thick is the deck now and why?', evidence: ['c4-s2-m1'] },
      { question: 'What bearings are at each abutment?', evidence: ['c4-s2-m5'] },
      {
        question: 'Who is doing the fatigue checks?',
        evidence: ['c4-s3-m2'],
        stale: ['c4-s2-m6'],
        replaced: ['Kenji Sato'],
      },
      { question: 'Where is the 100-year flood relative to the low chord?', evidence: ['c4-s3-m1'] },
      { question: 'How will the steel be protected?', evidence: ['c4-s3-m4'] },
      { question: 'Which sheet shows the bearing details?', evidence: ['c4-s3-m5'] },
    ],
  },
];
