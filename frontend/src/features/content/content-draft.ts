import type { ContentType } from '#shared/content/content-item.schema.ts';
import { SESSION_KEYS } from '../../lib/storage-keys.ts';

/**
 * A content edit not saved yet, kept in this tab's sessionStorage while it is typed: when the
 * staff session ends (a 401 on Save sends staff to the login page), the text survives the sign-in
 * and the editor restores it on return.
 */
export interface ContentDraft {
  mode: 'edit' | 'create';
  /** The item being edited (mode 'edit'). */
  id?: string;
  page: string;
  section: string;
  content: string;
  contentType: ContentType;
}

export function loadDraft(): ContentDraft | undefined {
  try {
    const raw = sessionStorage.getItem(SESSION_KEYS.contentDraft);
    const d = raw ? (JSON.parse(raw) as ContentDraft) : undefined;
    return d && (d.mode === 'edit' || d.mode === 'create') && typeof d.content === 'string' ? d : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(draft: ContentDraft): void {
  try {
    sessionStorage.setItem(SESSION_KEYS.contentDraft, JSON.stringify(draft));
  } catch {}
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(SESSION_KEYS.contentDraft);
  } catch {}
}
