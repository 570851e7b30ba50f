import { defineHandlers } from '../../plugins/api';
import { type BlogDeps, getPost, getPosts } from './blog.service';

export function blogHandlers(deps: BlogDeps) {
  return defineHandlers({
    'blog/getPosts': (input) => getPosts(deps, input),
    'blog/getPost': (input) => getPost(deps, input.slug),
  });
}
