// The likes and dislikes counts of a post open a list of who reacted (LikesPopover). Each
// count is a link to the likes page (/post/{id}/likes, the list without JavaScript), before
// and after the popover mounts. Every post shows two of these, so the popover's code (and its
// positioning library) downloads on hover or focus and mounts at the first press.
import { useState } from "react";
import { lazyComponent } from "~/lib/client/lazy-component";
import { requestLogin } from "~/lib/client/login-events";
import { postLikesPath } from "~/lib/paths";
import { usePressLink } from "~/lib/client/press-link";
import type { LikesListProps } from "./likes-list";

const LikesPopover = lazyComponent(() => import("./LikesPopover").then((module) => module.LikesPopover));

export function LikesListPopover(props: LikesListProps) {
  const [pressed, setPressed] = useState(false);
  const press = () => {
    if (props.signedIn) setPressed(true);
    else requestLogin();
  };
  const pressLink = usePressLink(press);
  const trigger = (
    <a
      href={postLikesPath(props.postId, props.initialTab)}
      className="reaction-count"
      aria-label={props.label}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={LikesPopover.preload}
      onFocus={LikesPopover.preload}
      {...pressLink}
    >
      {props.children}
    </a>
  );
  // While its code downloads, the pressed button stays where it is.
  return pressed ? <LikesPopover {...props} whileLoading={trigger} /> : trigger;
}
