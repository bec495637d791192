/** A profile picture ringed in the user's chosen colour; initials when there is no picture. */
export function Avatar({
  user,
  size = 36,
}: {
  user: { first: string; color: string; img: string | null };
  size?: number;
}) {
  const style = { "--ring": user.color, width: size, height: size } as React.CSSProperties;
  return user.img ? (
    <img className="avatar" style={style} src={`/images/${user.img}`} alt="" width={size} height={size} />
  ) : (
    <span className="avatar avatar--initial" style={style} aria-hidden="true">
      {user.first.slice(0, 1).toUpperCase()}
    </span>
  );
}
