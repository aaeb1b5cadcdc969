// The login dialog for server rendering (`?login`). Remix keeps `*.server` modules out of the
// browser build, so the browser downloads the dialog only when the modal opens (LoginModal).
// Server code does not live under app/components/, so this server-only entry point lives here.
export { LoginDialog } from "~/components/auth/LoginDialog";
