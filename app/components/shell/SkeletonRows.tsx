// Placeholder rows while a list loads: each row is an avatar and two lines, the second shorter.
// The class names are the feature's own, so each list keeps its look; `row`, when given, wraps
// the avatar and the lines inside each item.
export function SkeletonRows({
  count,
  tag: Item = "li",
  item,
  row,
  avatar,
  body,
  line,
}: {
  count: number;
  tag?: "li" | "div";
  item: string;
  row?: string;
  avatar: string;
  body: string;
  line: string;
}) {
  return Array.from({ length: count }, (_, index) => {
    const content = (
      <>
        <span className={`skeleton ${avatar}`} />
        <span className={body}>
          <span className={`skeleton ${line}`} />
          <span className={`skeleton ${line} ${line}--short`} />
        </span>
      </>
    );
    return (
      <Item key={index} className={item}>
        {row ? <span className={row}>{content}</span> : content}
      </Item>
    );
  });
}
