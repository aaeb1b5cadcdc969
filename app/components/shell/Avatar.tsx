// A round picture of a user, or the first letter of their name on the accent colour.
export function Avatar({ name, image, size = 32 }: { name: string; image?: string | null; size?: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.44) };
  if (image) {
    return <img className="avatar" src={image} alt="" width={size} height={size} style={style} />;
  }
  return (
    <span className="avatar avatar--initial" style={style} aria-hidden>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
