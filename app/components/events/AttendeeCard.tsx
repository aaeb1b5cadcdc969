// Someone who is going: the car they bring with its newest post's picture (to the car's
// showcase), the owner, and that post's story.
import { Link } from "~/components/shell/Link";
import { CarFront, UserRound } from "~/components/icons";
import { Avatar } from "~/components/shell/Avatar";
import { smallAvatar } from "~/components/messages/ConversationList";
import { carName, carSpecLine, realNickname } from "~/lib/rules/cars";
import { postPath, showcasePath, userPath } from "~/lib/paths";
import type { CarSummary } from "~/lib/wire";

export type AttendeeView = {
  user: { id: number; username: string; nickname: string | null; profileImage: string | null };
  car: CarSummary | null;
  newest_post: { id: number; story: string; created_at: string; cover_image: string | null; media_count: number } | null;
};

export function AttendeeCard({ attendee }: { attendee: AttendeeView }) {
  const { user, car, newest_post: post } = attendee;
  const owner = (
    <Link to={userPath(user.username)} className="attendee__owner">
      <Avatar name={user.username} image={smallAvatar(user.profileImage)} size={28} />
      <span className="attendee__owner-name">@{user.username}</span>
    </Link>
  );

  if (!car) {
    return (
      <li className="attendee card attendee--solo" data-testid="attendee">
        <Link to={userPath(user.username)} className="attendee__cover attendee__cover--solo" tabIndex={-1} aria-hidden>
          <Avatar name={user.username} image={user.profileImage} size={72} />
        </Link>
        <div className="attendee__body">
          <p className="attendee__car">{user.nickname || `@${user.username}`}</p>
          <p className="attendee__spec">
            <UserRound aria-hidden size={14} /> Coming without a car
          </p>
          {owner}
        </div>
      </li>
    );
  }

  const hue = (car.id * 47) % 360;
  return (
    <li className="attendee card" data-testid="attendee">
      <Link
        to={showcasePath(car.id)}
        className="attendee__cover media-frame"
        style={{ "--ratio": "4 / 3", "--car-hue": hue } as React.CSSProperties}
        aria-label={`${carName(car)} showcase`}
      >
        <span className="visually-hidden">{`${carName(car)} showcase`}</span>
        {post?.cover_image ? (
          <img src={post.cover_image} alt="" loading="lazy" />
        ) : (
          <span className="attendee__placeholder" aria-hidden>
            <CarFront size={36} />
            <span>{car.make}</span>
          </span>
        )}
        <span className="attendee__year">{car.year}</span>
      </Link>
      <div className="attendee__body">
        <p className="attendee__car">
          <Link to={showcasePath(car.id)}>{carName(car)}</Link>
        </p>
        <p className="attendee__spec">{realNickname(car.nickname) ? carSpecLine(car) : carSpecLine({ trim: car.trim, bodystyle: car.bodystyle }) || car.make}</p>
        {post?.story ? (
          <Link to={postPath(post.id)} className="attendee__story">
            {post.story}
          </Link>
        ) : null}
        {owner}
      </div>
    </li>
  );
}
