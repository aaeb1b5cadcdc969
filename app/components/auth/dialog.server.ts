// The login dialog for server rendering (`?login`). Remix keeps `*.server` modules out of the
// browser build, so the browser downloads the dialog only when the modal opens (LoginModal).
export { LoginDialog } from "./LoginDialog";
