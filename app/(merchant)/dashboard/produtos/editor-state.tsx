'use client';

import { createContext, useContext } from 'react';

/** The editor's one action state as its blocks read it: each error on its field, and what was typed when the save was refused. */
export type EditorState = { errors: Partial<Record<string, string>>; typed: Record<string, string> | undefined };

export const EditorStateContext = createContext<EditorState>({ errors: {}, typed: undefined });

export const useEditorState = () => useContext(EditorStateContext);

/** A field's error line, with the id its input's aria-describedby names. */
export function CellError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}
