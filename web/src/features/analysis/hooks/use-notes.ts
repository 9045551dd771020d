/** Client-side transcript lines (system notes, pending questions) shown beside the server's. */
import { useCallback, useState } from 'react';
import { systemTone, type TranscriptItem } from '../utils/transcript';

export type Note = Extract<TranscriptItem, { kind: 'system' | 'user' }>;

let counter = 0;
/** Note ids are timestamp strings, as the spec's on-screen chat messages are. */
const noteId = () => `local-${Date.now()}-${counter++}`;

export function useNotes() {
  const [notes, setNotes] = useState<Note[]>([]);
  const addSystem = useCallback((text: string) => {
    const note: Note = { kind: 'system', id: noteId(), text, tone: systemTone(text) };
    setNotes((list) => [...list, note]);
    return note.id;
  }, []);
  const addUser = useCallback((text: string) => {
    const note: Note = { kind: 'user', id: noteId(), text };
    setNotes((list) => [...list, note]);
    return note.id;
  }, []);
  const remove = useCallback((id: string) => setNotes((list) => list.filter((note) => note.id !== id)), []);
  return { notes, addSystem, addUser, remove };
}
