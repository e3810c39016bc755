/** The §3 vocabulary (docs/PRODUCT.md). Plain data: no React, no backend. */

export type Gender = 'M' | 'F' | '';
/** Sign-up offers a wider choice than the profile editor (§3). */
export type SignUpGender = 'Female' | 'Male' | 'Non-binary' | 'Prefer not to say';
export const SIGN_UP_GENDERS: readonly SignUpGender[] = ['Female', 'Male', 'Non-binary', 'Prefer not to say'];

export interface Profile {
  id: string;
  firstName: string;
  lastName: string;
  photoURL: string;
  photoURLSmall: string;
  email: string;
  gender: Gender;
  birthYear: string;
  birthMonth: string;
  birthDay: string;
  bio: string;
  death: string;
  mothersMaidenName: string;
  spouses: string[];
  parents: string[];
  children: string[];
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
  ownerUid: string;
}

export type ParentRole = 'mother' | 'father' | '';

export interface PersonNodeData {
  profileId: string;
  parentRole: ParentRole;
  isPrimary: boolean;
}

export interface GraphNode {
  id: string;
  type: 'person';
  position: { x: number; y: number };
  modifiedAt: string;
  hidden: boolean;
  data: PersonNodeData;
}

export type EdgeKind = 'parent' | 'spouse';

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle: string;
  targetHandle: string;
  type: string;
  hidden: boolean;
  data: { kind: EdgeKind };
}

export interface Graph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  profiles: Record<string, Profile>;
  updatedAt: string;
  version: 1;
  /** The server's revision of this graph, bumped by every change set it applies; absent before the first save. */
  revision?: number;
}

/** What the authentication service knows of a member (§3 "Auth user"). */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
}

/**
 * §3 Invitation, as issue 11 extends it: a backend stores only `tokenHash` (SHA-256 of the token)
 * and manages it by `id`; `role` is what accepting it gives; it works until `expiresAt`.
 */
export interface Invitation {
  id: string;
  tokenHash: string;
  email: string;
  nodeId: string;
  inviterUid: string;
  graphUid: string;
  role: 'editor' | 'viewer';
  status: 'pending' | 'accepted' | 'revoked';
  createdAt: string;
  expiresAt: string;
}
