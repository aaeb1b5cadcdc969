// A link to a page that needs a signed-in user. Signed in, it is a plain link. Signed
// out, it points at the login modal (`?login&redirectTo=<target>`, which works with no
// JavaScript) and, with JavaScript, opens the modal in place through the global event.
import { useLocation } from "@remix-run/react";
import { Link, type LinkProps } from "./Link";
import { requestLogin } from "~/lib/client/login-events";
import { loginHref } from "~/lib/rules/login-links";
import { isPlainClick } from "~/lib/client/link-clicks";

type Props = Omit<LinkProps, "to"> & { to: string; signedIn: boolean };

export function MemberLink({ to, signedIn, onClick, ...rest }: Props) {
  const location = useLocation();
  if (signedIn) return <Link to={to} onClick={onClick} {...rest} />;
  const href = loginHref(location.pathname + location.search, "signin", to);
  return (
    <Link
      to={href}
      preventScrollReset
      data-login-gate={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        requestLogin({ redirectTo: to });
      }}
      {...rest}
    />
  );
}
