// 'Sign in with Google' (when configured) and 'Email me a code', under the password form.
import { Mail } from "~/components/icons";
import { ViewLink } from "./form-parts";
import { useLoginDialog } from "./login-state";

/** Google's "G", drawn as four arcs and a bar. */
function GoogleMark() {
  const arc = (color: string, offset: number, length: number) => (
    <circle cx="12" cy="12" r="8" fill="none" stroke={color} strokeWidth="4" strokeDasharray={`${length} 100`} strokeDashoffset={-offset} transform="rotate(-40 12 12)" />
  );
  return (
    <svg className="auth-google__mark" viewBox="0 0 24 24" aria-hidden focusable="false">
      {arc("#EA4335", 0, 12.6)}
      {arc("#FBBC05", 12.6, 9.5)}
      {arc("#34A853", 22.1, 12.6)}
      {arc("#4285F4", 34.7, 8.5)}
      <rect x="12" y="10" width="8" height="4" fill="#4285F4" />
    </svg>
  );
}

export function AlternativeSignIns() {
  const googleHref = useLoginDialog().state.links.google;
  return (
    <div className="auth-alt">
      <div className="auth-divider">or</div>
      {googleHref ? (
        // A plain link: a full page load to Google and back, with or without JavaScript.
        <a href={googleHref} className="auth-google" data-testid="google-signin">
          <GoogleMark />
          Sign in with Google
        </a>
      ) : null}
      <ViewLink to="code" className="btn btn--secondary btn--block auth-code-button">
        <Mail aria-hidden size={18} />
        Email me a code
      </ViewLink>
    </div>
  );
}
