// Follow components for other features (showcase, Grams feed, people's pages).
export { FollowButton } from "./FollowButton";
export { FollowUserButton } from "./FollowUserButton";
export { FollowCarsModal, FOLLOW_SOME_FAILED, type FollowableCar } from "./FollowCarsModal";
export { FOLLOW_FAILED } from "./useFollowToggle";
