import { describe, expect, it } from 'vitest';
import * as functions from '../../../functions/src/index.ts';
import { BLOCKING_FUNCTIONS, CALLABLES, FUNCTIONS_REGION } from '../../../src/backend/firebase/callables.ts';

/** What functions/src/index.ts deploys: the names the client calls, of the kinds it expects. */

type Endpoint = { __endpoint: { region?: string[]; callableTrigger?: object; scheduleTrigger?: { schedule: string }; blockingTrigger?: { eventType: string }; eventTrigger?: { eventType: string; eventFilterPathPatterns?: Record<string, string> } } };
const exported = functions as unknown as Record<string, Endpoint>;

describe('the deployed functions', () => {
  it.each(Object.values(CALLABLES))('%s is a callable in the client’s region', (name) => {
    expect(exported[name]?.__endpoint.callableTrigger).toBeDefined();
    expect(exported[name]!.__endpoint.region).toEqual([FUNCTIONS_REGION]);
  });

  it('beforeUserCreated blocks account creation', () => {
    expect(exported[BLOCKING_FUNCTIONS.beforeUserCreated]!.__endpoint.blockingTrigger?.eventType).toBe('providers/cloud.auth/eventTypes/user.beforeCreate');
  });

  it('compactGraph follows every new change document', () => {
    const trigger = exported.compactGraph!.__endpoint.eventTrigger!;
    expect(trigger.eventType).toBe('google.cloud.firestore.document.v1.created');
    expect(trigger.eventFilterPathPatterns).toEqual({ document: 'graphs/{graphId}/changes/{revision}' });
  });

  it('sendDigests runs every hour (the e-mail digest, issue 24)', () => {
    expect(exported.sendDigests!.__endpoint.scheduleTrigger?.schedule).toBe('every 60 minutes');
  });

  it('sweepMedia runs on a schedule (the orphan files of photos and documents)', () => {
    const endpoint = exported.sweepMedia!.__endpoint as { scheduleTrigger?: { schedule?: string } };
    expect(endpoint.scheduleTrigger?.schedule).toBe('every 6 hours');
  });

  it('exports nothing else', () => {
    expect(Object.keys(functions).sort()).toEqual([...Object.values(CALLABLES), BLOCKING_FUNCTIONS.beforeUserCreated, 'compactGraph', 'sendDigests', 'sweepMedia'].sort());
  });
});
