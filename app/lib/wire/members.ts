// Members: looking one up, following and blocking them.

/** A member as lists and pickers show them (GET /api/users/search?q= answers `{ users }`). */
export type MemberSummary = { id: number; username: string; nickname: string | null; profileImage: string | null };

/** GET /api/users/search?q=[&limit=]: the members whose username or nickname hold the words. */
export type MemberSearchAnswer = { users: MemberSummary[] };

/** POST (and GET) /api/cars/{id}/follow and /api/users/{username}/follow: the reader's state after. */
export type FollowState = { following: boolean };

/** POST (and GET) /api/users/{username}/block: whether the reader blocks that member now. */
export type BlockState = { blocked: boolean };
