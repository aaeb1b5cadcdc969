// The forms of the login modal, one module each. Each is a real form posting to the auth API
// (so it works before hydration and without JavaScript); once hydrated, a fetcher sends the
// same fields to the same action and the form shows its answer. They take no props: the
// dialog's state and actions come from useLoginDialog().
export { SignInForm } from "./SignInForm";
export { SignUpForm } from "./SignUpForm";
export { ResetForm } from "./ResetForm";
export { CodeForm } from "./CodeForm";
