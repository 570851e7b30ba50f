import { defineHandlers } from '../../plugins/api';
import { addUpvote, checkUpvoteStatus, getUserUpvotes, removeUpvote, type UpvotesDeps } from './upvotes.service';

export function upvotesHandlers(deps: UpvotesDeps) {
  return defineHandlers({
    'products/getUserUpvotes': (_input, { user }) => getUserUpvotes(deps, user.id),
    'products/addUpvote': (input, { user }) => addUpvote(deps, user.id, input),
    'products/removeUpvote': (input, { user }) => removeUpvote(deps, user.id, input),
    'products/checkUpvoteStatus': (input, { user }) => checkUpvoteStatus(deps, user.id, input),
  });
}
