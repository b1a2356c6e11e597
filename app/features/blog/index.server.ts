/** The blog feature's server API for other features: the posts and their sections (Ask Tuesday's index). */
export { allPosts, postSections, type PostSection } from "./posts.server";
