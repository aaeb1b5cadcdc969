// A text as people wrote it, with its @mentions and #tags as links: "@name" leads to the
// member's page when that member exists (`mentions`, from the server), "#tag" to the tag's
// page. Everything else stays plain text. Plain links: they work without JavaScript.
import { Link } from "~/components/shell/Link";
import { tagPath, userPath } from "~/lib/paths";
import { parseTextLinks } from "~/lib/rules/text-links";
import "./text.css";

export function LinkedText({ text, mentions }: { text: string; mentions?: readonly string[] | null }) {
  const members = new Set(mentions ?? []);
  return (
    <>
      {parseTextLinks(text).map((part, index) => {
        if (part.kind === "mention" && members.has(part.username)) {
          return (
            <Link key={index} to={userPath(part.username)} className="text-link text-link--mention">
              {part.text}
            </Link>
          );
        }
        if (part.kind === "tag") {
          return (
            <Link key={index} to={tagPath(part.tag)} className="text-link text-link--tag">
              {part.text}
            </Link>
          );
        }
        return part.text;
      })}
    </>
  );
}
