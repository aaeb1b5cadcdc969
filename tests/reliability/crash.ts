// Crash: a stream of writes (posts, comments, likes, messages) from a signed-in member;
// kill -9 the server in the middle; restart it on the same database; every write that was
// answered 2xx is there, and PRAGMA integrity_check says ok.
import { api, ensure, integrityCheck, openDatabase, signIn, sleep, startServer, workspace, DEMO, type Check, type Member } from "./harness";

const PORT = 3232;
const WORKERS = 6;

type Acked = { posts: { id: number; story: string }[]; comments: string[]; likes: number[]; messages: string[] };

export const crash: Check = {
  name: "crash",
  async run(log) {
    const ws = workspace("crash");
    let server = await startServer(ws, PORT);
    const member = await signIn(server.url, DEMO.member);
    const admin = await signIn(server.url, DEMO.admin);
    const acked: Acked = { posts: [], comments: [], likes: [], messages: [] };
    let attempted = 0;
    let failed = 0;
    let stopping = false;

    const worker = async (w: number, who: Member, to: string) => {
      for (let i = 0; !stopping; i++) {
        const tag = `crash-${w}-${i}-${Date.now().toString(36)}`;
        try {
          attempted++;
          const post = await api(server.url, "POST", "/api/posts", { member: who, json: { story: `Post ${tag}` } });
          if (post.status !== 201) {
            failed++;
            continue;
          }
          const postId = Number(post.body.post?.id ?? post.body.id);
          acked.posts.push({ id: postId, story: `Post ${tag}` });
          attempted++;
          const comment = await api(server.url, "POST", "/api/comments", { member: who, json: { postId, content: `Comment ${tag}` } });
          if (comment.status >= 200 && comment.status < 300) acked.comments.push(`Comment ${tag}`);
          else failed++;
          attempted++;
          const like = await api(server.url, "POST", `/api/posts/${postId}/like`, { member: who, json: { type: "like" } });
          if (like.status >= 200 && like.status < 300) acked.likes.push(postId);
          else failed++;
          attempted++;
          const message = await api(server.url, "POST", "/api/messages", { member: who, json: { to, content: `Message ${tag}` } });
          if (message.status >= 200 && message.status < 300) acked.messages.push(`Message ${tag}`);
          else failed++;
        } catch {
          // The connection died with the server: this write was never acknowledged.
          if (stopping) return;
          failed++;
        }
      }
    };

    const workers = Array.from({ length: WORKERS }, (_, w) => (w % 2 ? worker(w, admin, DEMO.member.username) : worker(w, member, DEMO.admin.username)));
    await sleep(4000);
    stopping = true;
    const killedAt = acked.posts.length + acked.comments.length + acked.likes.length + acked.messages.length;
    await server.kill();
    await Promise.allSettled(workers);
    const total = acked.posts.length + acked.comments.length + acked.likes.length + acked.messages.length;
    ensure(total > 20, `too few writes before the kill (${total}); failures: ${failed}`);
    log(`killed -9 after ${total} acknowledged writes (${killedAt} when the kill was sent; ${attempted} attempted, ${failed} not acknowledged)`);

    // Restart on the same files: the server must come up and serve what was written.
    server = await startServer(ws, PORT);
    const check = await api(server.url, "GET", `/api/posts/${acked.posts.at(-1)!.id}`, { member });
    ensure(check.status === 200, `after restart, the last acknowledged post answers ${check.status}`);
    await server.stop();

    const db = openDatabase(ws.database, { readonly: true });
    try {
      const missing: string[] = [];
      const storyOf = db.prepare("SELECT story FROM posts WHERE id = ?");
      for (const post of acked.posts) {
        const row = storyOf.get(post.id) as { story: string } | undefined;
        if (row?.story !== post.story) missing.push(`post ${post.id}`);
      }
      const comment = db.prepare("SELECT 1 FROM comments WHERE content = ?");
      for (const content of acked.comments) if (!comment.get(content)) missing.push(content);
      const like = db.prepare("SELECT 1 FROM post_likes WHERE postId = ?");
      for (const postId of acked.likes) if (!like.get(postId)) missing.push(`like on ${postId}`);
      const message = db.prepare("SELECT 1 FROM messages WHERE content = ?");
      for (const content of acked.messages) if (!message.get(content)) missing.push(content);
      ensure(missing.length === 0, `${missing.length} acknowledged writes are missing after the crash: ${missing.slice(0, 5).join(", ")}`);
    } finally {
      db.close();
    }
    const integrity = integrityCheck(ws.database);
    ensure(integrity === "ok", `integrity_check: ${integrity}`);
    return `${total} acknowledged writes (${acked.posts.length} posts, ${acked.comments.length} comments, ${acked.likes.length} likes, ${acked.messages.length} messages) all present after kill -9 and restart; integrity_check ok`;
  },
};
