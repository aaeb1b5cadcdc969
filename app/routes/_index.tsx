// Home: a welcoming hero and, until the feed arrives, an honest "No posts yet".
import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { CalendarDays, CarFront, ImagePlus, Images, UserPlus } from "lucide-react";
import { EmptyState } from "~/components/shell/EmptyState";
import { MemberLink } from "~/components/shell/MemberLink";
import { Tachometer } from "~/components/shell/Tachometer";
import { loginHref, requestLogin } from "~/lib/login-events";
import type { loader as rootLoader } from "~/root";
import "~/components/shell/pages.css";

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user ?? null;
  const location = useLocation();

  return (
    <div className="page page--wide home">
      <section className="hero" aria-labelledby="hero-title">
        <Tachometer className="hero__gauge" />
        <div className="hero__content">
          <p className="hero__eyebrow">{user ? `Good to see you, ${user.nickname || user.username}` : "For people who love cars"}</p>
          <h1 id="hero-title" className="hero__title">
            Show your build.
            <br />
            <span className="hero__title-accent">Follow the ones you love.</span>
          </h1>
          <p className="hero__text">
            Post photos and videos of your car, follow builds and their mods, and find the next meet near you.
          </p>
          <div className="hero__actions">
            {user ? (
              <>
                <Link to="/upload" className="btn btn--primary hero__cta">
                  <ImagePlus aria-hidden size={18} /> Post your ride
                </Link>
                <Link to="/my-cars" className="btn hero__ghost">
                  <CarFront aria-hidden size={18} /> Add a car
                </Link>
              </>
            ) : (
              <>
                <Link
                  to={loginHref(location.pathname + location.search, "signup")}
                  className="btn btn--primary hero__cta"
                  preventScrollReset
                  onClick={(event) => {
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    requestLogin({ mode: "signup" });
                  }}
                >
                  <UserPlus aria-hidden size={18} /> Join the club
                </Link>
                <Link to="/events" className="btn hero__ghost">
                  <CalendarDays aria-hidden size={18} /> Browse events
                </Link>
              </>
            )}
          </div>
        </div>
      </section>

      <section className="home__feed" aria-labelledby="feed-title">
        <div className="section-heading">
          <h2 id="feed-title">Latest posts</h2>
        </div>
        <EmptyState
          icon={<Images />}
          title="No posts yet"
          actions={
            <MemberLink to="/upload" signedIn={Boolean(user)} className="btn btn--primary">
              <ImagePlus aria-hidden size={18} /> Share the first one
            </MemberLink>
          }
        >
          Fresh builds, weekend drives and meet photos from the community will show up here.
        </EmptyState>
      </section>
    </div>
  );
}
