/**
 * The eleven real code documents of `../shared/samples/codes/`, split by publisher into dev and
 * blind before any rule of issue 32 (structure, numbering, designations, query routing) was
 * written. Rules are written on the dev publishers only; the blind publishers are measured once,
 * at the end, and reported beside the dev ones (DEVELOPERS.md, "Judged on the world").
 *
 * The draw. Eight publishers. The search rules before issue 32 were written on three of them
 * (US DoD, TxDOT, Justice Canada: the five documents of `real-queries.ts`), so those stay dev.
 * Of the five publishers no search rule had seen, three (at least a third of eight) were drawn
 * blind by a rule fixed before looking at their pages: sort the publishers' names by the SHA-256
 * of the name (`echo -n NAME | sha256sum`) and take the first three:
 *
 *   5997de4473ce1e63 Alberta King's Printer                                  blind
 *   71adddc87b1ec01f Public Services and Procurement Canada                  blind
 *   dc7b33064e885337 Central Electricity Authority (Gazette of India)        blind
 *   e7dc68684e934f02 California Department of Housing and Community Development
 *   f567fd8bc9f37432 Bureau of Indian Standards
 *
 * `designations` are the document's own name as printed on its cover or title page, read off
 * that one page (for the blind documents only page 1 was read, to write this line; nothing
 * else of them). The self-check (`self-check.ts`) queries "designation + number" with the
 * first. `fileId` is the catalogue id the self-check loads each document under: the sample's
 * file name, as an operator or a firm uploading the file would name it; "catalogue name +
 * number" queries use it as `/v1/codes` lists it.
 *
 * Round 3: Alberta King's Printer is dev now. Its pages were read after round 2 measured it blind
 * (0.091), to find how it numbers its sections; the statute-section rule (statute-sections.ts) was
 * written on it. PSPC and CEA stay blind: only their page 1 has been read.
 */
export interface CodeDocument {
  fileId: string;
  /** File name under ../shared/samples/codes/. */
  file: string;
  publisher: string;
  blind: boolean;
  /** The title as a catalogue describes it, without the designation (the engine must learn that from the pages). */
  description: string;
  designStandard: 'us' | 'canada';
  /** As printed on the cover or title page, most prominent first. */
  designations: string[];
}

const doc = (
  file: string,
  publisher: string,
  blind: boolean,
  description: string,
  designStandard: 'us' | 'canada',
  ...designations: string[]
): CodeDocument => ({
  fileId: file.replace(/\.pdf$/, ''),
  file,
  publisher,
  blind,
  description,
  designStandard,
  designations,
});

const DOD = 'US Department of Defense (USACE, NAVFAC, AFCEC)';
const TXDOT = 'Texas Department of Transportation';

export const CODE_DOCUMENTS: CodeDocument[] = [
  doc(
    'ufc-4-010-01-antiterrorism-2018-chg1.pdf',
    DOD,
    false,
    'DoD Minimum Antiterrorism Standards for Buildings (2018, Change 1)',
    'us',
    'UFC 4-010-01',
  ),
  doc(
    'ufc-4-020-01-security-planning-2008.pdf',
    DOD,
    false,
    'DoD Security Engineering Facilities Planning Manual (2008)',
    'us',
    'UFC 4-020-01',
  ),
  doc(
    'ufgs-03-30-00-cast-in-place-concrete.pdf',
    DOD,
    false,
    'Cast-In-Place Concrete guide specification (2019, Change 10)',
    'us',
    'UFGS-03 30 00',
  ),
  doc(
    'txdot-scour-evaluation-guide-2023.pdf',
    TXDOT,
    false,
    'Scour evaluation of bridges, TxDOT Bridge Division (2023)',
    'us',
    'Scour Evaluation Guide',
  ),
  doc(
    'us-txdot-bridge-railing-manual-2024.pdf',
    TXDOT,
    false,
    'Bridge railing selection and design, TxDOT Bridge Division (2024)',
    'us',
    'Bridge Railing Manual',
  ),
  doc(
    'canada-ohs-regulations-sor-86-304-bilingual.pdf',
    'Minister of Justice (Canada)',
    false,
    'Canada Occupational Health and Safety Regulations, consolidated (2026)',
    'canada',
    'SOR/86-304',
  ),
  doc(
    'in-bis-is-3043-1987-earthing-code-ocr.pdf',
    'Bureau of Indian Standards',
    false,
    'Code of practice for earthing (1987)',
    'us',
    'IS : 3043 - 1987',
  ),
  doc(
    'us-ca-hcd-adu-handbook-2025.pdf',
    'California Department of Housing and Community Development',
    false,
    'Accessory dwelling units, state guidance (2025)',
    'us',
    'Accessory Dwelling Unit Handbook',
  ),
  doc(
    'ca-alberta-ohs-code-ar191-2021-2025-03.pdf',
    "Alberta King's Printer",
    false,
    'Alberta occupational health and safety code (2025 consolidation)',
    'canada',
    'Alberta Regulation 191/2021',
  ),
  doc(
    'ca-pspc-national-cadd-standard-annex-b-symbols-2024.pdf',
    'Public Services and Procurement Canada',
    true,
    'CADD symbols and graphics (2024)',
    'canada',
    'PSPC National CADD Standard, Annex B',
  ),
  doc(
    'in-cea-technical-standards-construction-regs-2022-gazette.pdf',
    'Central Electricity Authority (Gazette of India)',
    true,
    'Technical standards for construction of electrical plants and lines, India (2022)',
    'us',
    'Central Electricity Authority (Technical Standards for Construction of Electrical Plants and Electric Lines) Regulations, 2022',
  ),
];

export const DEV_DOCUMENTS = CODE_DOCUMENTS.filter((d) => !d.blind);
export const BLIND_DOCUMENTS = CODE_DOCUMENTS.filter((d) => d.blind);
