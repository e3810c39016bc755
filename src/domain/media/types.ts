/**
 * A photo or a document of the tree (issue 23): a record sent whole, like sources, whose file
 * bytes are stored apart (the server's files table, or Cloud Storage) under
 * media/{graphId}/{mediaId}/. It belongs to the people in it and to couples (a wedding photo
 * belongs to both spouses and their couple); a viewer sees it only when they see every one of
 * them whole (`privacy.ts`).
 */
export const MEDIA_KINDS = ['photo', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface Media {
  id: string;
  kind: MediaKind;
  title: string;
  /** When it was taken or written, in the GEDCOM date grammar; '' when not said. */
  date: string;
  description: string;
  /** Profile ids of the people in it (at least one). */
  people: string[];
  /** Couple ids (`coupleId(a, b)`) it belongs to; [] when none. */
  couples: string[];
  /**
   * The original (a photo re-encoded without its metadata; a document as sent), or for a
   * reference an import brought (GEDCOM OBJE FILE) the file name or URL as the file wrote it.
   */
  url: string;
  /** The 320 px and 170 px square thumbnails of a stored photo; '' for documents and references. */
  thumb: string;
  thumbSmall: string;
  /** The stored original's content type; '' for a reference. */
  contentType: string;
  /** The stored files' total bytes (what counts against the tree's limit); 0 for a reference. */
  bytes: number;
}

/** A reference only: a file the tree names but does not hold (an import's OBJE FILE). */
export const isReference = (m: Pick<Media, 'bytes' | 'contentType'>) => !m.contentType;
