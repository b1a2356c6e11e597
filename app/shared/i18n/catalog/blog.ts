/** English words of the "blog" area (see ../messages.ts). */
import { site } from "~/config/site";

export const blog = {
  eyebrow: "Blog",
  title: "Blog",
  intro: "The engineering behind AI, explained plainly: eight posts from the team, one a day.",
  description: `Engineering notes from the ${site.productName} team on how AI systems are built, trained, served and kept safe.`,
  posts: "Posts",
  minutesRead: "{n} min read",
  readPost: "Read the post",
  allPosts: "All posts",
  morePosts: "More posts",
  nextPost: "Next post",
  previousPost: "Previous post",
};
