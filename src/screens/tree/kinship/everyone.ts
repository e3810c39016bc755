import { proxy } from 'valtio';
import { relationsToEveryone, relationWord } from '../../../domain/kinship/everyone.ts';
import { buildKinGraph, genderOfSex } from '../../../domain/kinship/kinGraph.ts';
import type { Graph } from '../../../domain/types.ts';
import { myProfileId } from './me.ts';
import { runEveryone, type EveryoneAnswer } from './runEveryone.ts';

/**
 * "My relationship to everyone" (issue 24) for the open tree: worked out in a worker the first time
 * something shows it (Find someone's results, the cards when "Relationships on cards" is on) and
 * again a moment after the tree changes while it is in use. `version` changes with each answer.
 */
export const everyoneUi = proxy({ onCards: false, version: 0 });

interface Source {
  readonly graph: Graph;
  onGraphUpdate(listener: () => void): () => void;
}

/** After an edit, the answer is worked out again once the tree has been still this long. */
const AFTER_EDIT_MS = 800;

const state = {
  source: null as Source | null,
  uid: '',
  answer: null as EveryoneAnswer | null,
  /** The graph the answer is for, and the one being worked on. */
  answered: null as Graph | null,
  running: null as Graph | null,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
};

/** Follows a tree's session while its screen is open; the returned function stops. */
export function followEveryone(source: Source, uid: string): () => void {
  state.source = source;
  state.uid = uid;
  state.answer = null;
  state.answered = null;
  const stop = source.onGraphUpdate(() => {
    if (state.answer || everyoneUi.onCards) schedule(AFTER_EDIT_MS);
  });
  return () => {
    stop();
    clearTimeout(state.timer);
    if (state.source === source) Object.assign(state, { source: null, answer: null, answered: null, running: null });
  };
}

/** Asks for the answer for the tree as it is now (nothing when it has it or is working on it). */
export function wantEveryone() {
  const graph = state.source?.graph;
  if (graph && state.answered !== graph && state.running !== graph) schedule(0);
}

/** What a person is to the member ('' when not known yet, not related, or the member). */
export function relationToMe(profileId: string): string {
  return state.answer?.wordOf(profileId) ?? '';
}

function schedule(ms: number) {
  clearTimeout(state.timer);
  state.timer = setTimeout(() => void work(), ms);
}

async function work() {
  const source = state.source;
  if (!source) return;
  const graph = source.graph;
  state.running = graph;
  const me = myProfileId(graph, state.uid);
  let answer: EveryoneAnswer | null = null;
  try {
    answer = me ? await (typeof Worker === 'function' ? runEveryone(graph.profiles, me) : inPlace(graph, me)) : null;
  } catch (e) {
    console.warn('Relationships to everyone failed', e);
  }
  if (state.source !== source || state.running !== graph) return;
  state.running = null;
  state.answer = answer;
  state.answered = graph;
  everyoneUi.version++;
}

/** Where there are no workers (unit tests): the same pass on this thread. */
async function inPlace(graph: Graph, me: string): Promise<EveryoneAnswer> {
  const g = buildKinGraph(graph.profiles);
  const relations = relationsToEveryone(g, g.at.get(me)!);
  return { wordOf: (id) => (g.at.has(id) ? relationWord(relations, g.at.get(id)!, genderOfSex(g.sex[g.at.get(id)!]!)) : '') };
}
