// /profile (members only): your own profile. Change the profile image (resized and
// re-encoded), the nickname, and the Grams setting show_all_grams_posts (off by default).
// Shows whether the email address is verified, with a button that mails the link again.
// Notifications: turn pushes on for this device, and choose which kinds come as pushes.
// Each form works without JavaScript and shows its errors next to its field.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/shell/Link";
import { ArrowDown, Bell, Bookmark, CarFront, ChevronRight, Grid3x3, ShieldCheck, UserRound } from "~/components/icons";
import { PushToggle } from "~/components/notifications/PushToggle";
import { ProfileForms, type ProfileActionData } from "~/components/profile/ProfileForms";
import { Avatar } from "~/components/shell/Avatar";
import { userPath, apiPaths } from "~/lib/paths";
import { requireUserPage } from "~/models/auth.server";
import { APP_TITLE } from "~/lib/constants";
import { publicOrigin, pushSettings } from "~/lib/server/env.server";
import { PUSH_KIND_LABELS } from "~/lib/schemas/push-schemas";
import { getPushPreferences } from "~/models/push.server";
import { z } from "zod";
import { type Body } from "~/lib/server/http.server";
import { intentField } from "~/lib/schemas/input-schemas";
import { UserError } from "~/lib/user-error";
import { PROFILE_UPLOAD, withUploadBody } from "~/lib/server/multipart.server";
import { flashCookie } from "~/lib/server/cookies.server";
import { getUserFollowCounts } from "~/models/follow.server";
import { applyProfileChanges, getOwnProfile } from "~/models/own-profile.server";
import { VERIFY_MESSAGES } from "~/lib/rules/email-verification";
import { isEmailVerified, resendVerificationEmail } from "~/models/email-verification.server";
import { limitWrite } from "~/models/rate-limit.server";
import { answerUserErrors } from "~/lib/server/form-reply.server";

export const meta: MetaFunction = () => [{ title: `Your profile · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    const [profile, counts, emailVerified, pushPreferences] = await Promise.all([
      getOwnProfile(user.id),
      getUserFollowCounts(user.id),
      isEmailVerified(user.id),
      getPushPreferences(user.id),
    ]);
    if (!profile) throw new UserError(404, "Profile not found");
    return { profile, counts, emailVerified, pushPreferences, pushEnabled: pushSettings() !== null };
  });
}

const MESSAGES: Record<string, string> = {
  photo: "Profile photo updated",
  "remove-photo": "Profile photo removed",
  nickname: "Nickname saved",
  grams: "Grams setting saved",
};

/**
 * What the page's forms send: which form (`intent`) and each form's own fields only; the
 * model checks the fields. An unticked checkbox sends nothing: that means false.
 */
const profileFormSchema = z
  .object({
    intent: intentField(["resend-verification", "photo", "remove-photo", "nickname", "grams"], "Unknown action"),
    profile_image: z.unknown(),
    nickname: z.unknown(),
    show_all_grams_posts: z.unknown(),
  })
  .transform(({ intent, profile_image, nickname, show_all_grams_posts }) => {
    if (intent === "photo") return { intent, fields: { profile_image: profile_image ?? "" } };
    if (intent === "remove-photo") return { intent, fields: { remove_profile_image: "true" } };
    if (intent === "nickname") return { intent, fields: { nickname: nickname ?? "" } };
    if (intent === "grams") return { intent, fields: { show_all_grams_posts: show_all_grams_posts ?? "false" } };
    return { intent, fields: {} };
  });

export async function action({ request }: ActionFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUserPage(request);
    await limitWrite(request, "profile");
    return withUploadBody(request, PROFILE_UPLOAD, (body) => change(request, user.id, body));
  });
}

async function change(request: Request, userId: number, body: Body) {
  const parsed = profileFormSchema.safeParse(body.fields);
  if (!parsed.success) return data<ProfileActionData>({ intent: "", errors: { form: parsed.error.issues[0].message } }, { status: 400 });
  const { intent, fields } = parsed.data;

  if (intent === "resend-verification") {
    await limitWrite(request, "verifyEmail");
    let toast: { type: "success" | "error"; message: string } = { type: "success", message: VERIFY_MESSAGES.sent };
    try {
      await resendVerificationEmail(userId, publicOrigin(request));
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      toast = { type: "error", message: error.message };
    }
    return redirect("/profile", { status: 303, headers: { "Set-Cookie": await flashCookie(request, { toast }) } });
  }

  if ("profile_image" in fields && !(fields.profile_image instanceof File && fields.profile_image.size > 0)) {
    return data<ProfileActionData>({ intent, errors: { profile_image: "Choose an image to upload" } }, { status: 400 });
  }

  const result = await applyProfileChanges(userId, fields);
  if (!result.ok) {
    const values = "nickname" in fields && typeof fields.nickname === "string" ? { nickname: fields.nickname } : undefined;
    return data<ProfileActionData>({ intent, errors: result.errors, values }, { status: result.status });
  }
  const cookie = await flashCookie(request, { toast: { type: "success", message: MESSAGES[intent] } });
  return redirect("/profile", { status: 303, headers: { "Set-Cookie": cookie } });
}

export default function ProfilePage() {
  const { profile, counts, emailVerified, pushPreferences, pushEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<ProfileActionData>();
  const navigation = useNavigation();
  const pendingIntent = navigation.state !== "idle" && navigation.formAction?.startsWith("/profile") ? String(navigation.formData?.get("intent") ?? "") : null;
  const myPage = userPath(profile.username);

  return (
    <div className="page profile-page">
      <header className="profile-card profile-card--identity">
        <Avatar name={profile.username} image={profile.profile_image} size={72} />
        <div className="profile-identity">
          <h1 className="profile-identity__name" data-testid="profile-name">
            {profile.nickname || profile.username}
          </h1>
          <p className="profile-identity__meta">@{profile.username}</p>
          <p className="profile-identity__meta">{profile.email}</p>
          <p className="profile-identity__meta" data-testid="email-status">
            <span className={`chip profile-email-chip${emailVerified ? " profile-email-chip--verified" : ""}`}>
              {emailVerified ? "Email verified" : "Email not verified"}
            </span>
          </p>
          {emailVerified ? null : (
            <Form method="post" className="profile-verify">
              <span className="profile-identity__meta">Check your inbox for the link, or</span>{" "}
              <button type="submit" name="intent" value="resend-verification" className="btn btn--secondary btn--sm" disabled={pendingIntent === "resend-verification"}>
                Send the link again
              </button>
            </Form>
          )}
        </div>
        <dl className="profile-identity__counts">
          <div>
            <dt>Followers</dt>
            <dd>{counts.followers}</dd>
          </div>
          <div>
            <dt>Following</dt>
            <dd>{counts.following}</dd>
          </div>
        </dl>
      </header>

      <nav className="profile-links" aria-label="Your things">
        {[
          { to: "/my-cars", icon: <CarFront />, title: "My Cars", hint: "Your garage, mods and insurance dates" },
          { to: myPage, icon: <Grid3x3 />, title: "My Posts", hint: "Your page as others see it" },
          { to: "/profile/saved", icon: <Bookmark />, title: "Saved", hint: "Posts you kept for later" },
          { to: "/profile/security", icon: <ShieldCheck />, title: "Security", hint: "Two-factor sign-in and your devices" },
          { to: "/profile/export", icon: <ArrowDown />, title: "Download my data", hint: "A copy of everything you put in, photos and videos included" },
        ].map((link) => (
          <Link key={link.title} to={link.to} className="profile-link">
            <span className="profile-link__icon" aria-hidden>
              {link.icon}
            </span>
            <span className="profile-link__text">
              <span className="profile-link__title">{link.title}</span>
              <span className="profile-link__hint">{link.hint}</span>
            </span>
            <ChevronRight aria-hidden className="profile-link__chevron" />
          </Link>
        ))}
      </nav>

      <h2 className="profile-page__heading">
        <UserRound aria-hidden size={20} />
        Edit profile
      </h2>
      <ProfileForms profile={profile} actionData={actionData} pendingIntent={pendingIntent} />

      <h2 className="profile-page__heading" id="notifications">
        <Bell aria-hidden size={20} />
        Notifications
      </h2>
      <section className="profile-card push-settings" aria-labelledby="notifications">
        {pushEnabled ? <PushToggle /> : <p className="push-toggle__note">Notifications are not available on this server.</p>}
        <Form method="post" action={apiPaths.pushPreferences} className="push-settings__kinds">
          <input type="hidden" name="redirectTo" value="/profile#notifications" />
          <fieldset>
            <legend>Send a notification for</legend>
            {PUSH_KIND_LABELS.map(([kind, text]) => (
              <label key={kind} className="push-settings__kind">
                <input type="checkbox" name={kind} defaultChecked={pushPreferences[kind]} /> {text}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn--secondary btn--sm">
            Save notification choices
          </button>
        </Form>
      </section>
    </div>
  );
}
