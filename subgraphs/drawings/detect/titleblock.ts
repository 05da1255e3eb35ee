// Tier 1's title block: the platform's one title-block reader (../titleblock/, shared with the
// projects' sheet identity) as Tier 1 reports it. The rules live there, each with its convention.
import type { BBox } from '../../../core/geometry/types.ts';
import { readSheetIdentity, type SheetIdentity } from '../titleblock/index.ts';
import type { Scene } from './scene.ts';

export interface Titleblock {
  bounds: BBox;
  viewport: BBox;
  sheetNumber: string | null;
  sheetTitle: string | null;
}

/** The sheet's identity read from the scene's page (its paths and text layer). */
export const sheetIdentityOf = (scene: Scene): SheetIdentity => readSheetIdentity(scene, scene);

/** The title block with its bounds, or null when none was found (the number may still be read: see sheetIdentityOf). */
export function findTitleblock(scene: Scene, identity: SheetIdentity = sheetIdentityOf(scene)): Titleblock | null {
  if (!identity.titleblock) return null;
  return {
    bounds: identity.titleblock,
    viewport: identity.viewport,
    sheetNumber: identity.number,
    sheetTitle: identity.title,
  };
}
