-- Data (portable SQL): videos queued before job lanes existed move to the video lane, so
-- photos do not wait behind them.
UPDATE "jobs" SET "lane" = 'video'
WHERE "kind" = 'post.media' AND "state" IN ('queued', 'running')
  AND "payload" IN (SELECT '{"uploadId":' || "id" || '}' FROM "post_uploads" WHERE "kind" = 'video');
