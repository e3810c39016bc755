import { MEDIA_LIMITS } from '../domain/media/limits.ts';
import { newMediaId } from '../domain/media/mediaOps.ts';
import type { Media } from '../domain/media/types.ts';
import { child } from './people.ts';
import type { GedcomNode } from './types.ts';

/**
 * A file's OBJE structures as media references (issue 23): each person's OBJE (inline, or a
 * pointer to an OBJE record) with a FILE becomes a `Media` record with `contentType: ''` (a
 * reference: the file name or URL as written, no stored files). An OBJE record several people
 * point to (a wedding photo) is one record with all of them. The OBJE lines stay in the kept
 * lines, so the export writes them back exactly; what the app stores goes out beside them.
 */

/** What a FILE's FORM (5.5.1 'jpg', 7.0 'application/pdf') says it is. */
function kindOf(file: GedcomNode, obje: GedcomNode): Media['kind'] {
  const form = (child(file, 'FORM')?.value ?? child(obje, 'FORM')?.value ?? '').toLowerCase();
  const name = (file.value ?? '').toLowerCase();
  return form.includes('pdf') || name.endsWith('.pdf') ? 'document' : 'photo';
}

/** A reference's text: not a script URL (the shape check refuses them), within the limit. */
const usable = (url: string) => !!url && url.length <= MEDIA_LIMITS.url && !/^\s*(javascript|data|vbscript):/i.test(url);

export function fileMedia(
  /** `photo`: the OBJE that became the card's photo (`readPhoto`): the profile holds it, so it is no media record too. */
  people: readonly { record: GedcomNode; profileId: string; photo?: GedcomNode }[],
  record: (xref: string) => GedcomNode | undefined,
  random: () => number,
): Media[] {
  const byRecord = new Map<GedcomNode, Media>();
  const out: Media[] = [];
  for (const { record: indi, profileId, photo } of people) {
    for (const c of indi.children) {
      if (c.tag !== 'OBJE' || c === photo) continue;
      const obje = c.pointer !== undefined ? record(c.pointer) : c;
      if (!obje) continue;
      const shared = byRecord.get(obje);
      if (shared) {
        if (!shared.people.includes(profileId) && shared.people.length < MEDIA_LIMITS.people) shared.people.push(profileId);
        continue;
      }
      const file = child(obje, 'FILE');
      const url = file?.value?.trim() ?? '';
      if (!file || !usable(url)) continue;
      // 7.0 puts TITL under FILE, 5.5.1 under OBJE.
      const title = (child(file, 'TITL')?.value ?? child(obje, 'TITL')?.value ?? '').trim().slice(0, MEDIA_LIMITS.title);
      const m: Media = { id: newMediaId(random), kind: kindOf(file, obje), title, date: '', description: '', people: [profileId], couples: [], url, thumb: '', thumbSmall: '', contentType: '', bytes: 0 };
      byRecord.set(obje, m);
      out.push(m);
    }
  }
  return out;
}
