import { defineHandlers } from '../../plugins/api';
import {
  addToFavorites,
  checkFavoriteStatus,
  type FavoritesDeps,
  getUserFavorites,
  removeFromFavorites,
} from './favorites.service';

export function favoritesHandlers(deps: FavoritesDeps) {
  return defineHandlers({
    'user_favorites/getUserFavorites': (_input, { user }) => getUserFavorites(deps, user.id),
    'user_favorites/addToFavorites': (input, { user }) => addToFavorites(deps, user.id, input),
    'user_favorites/removeFromFavorites': (input, { user }) => removeFromFavorites(deps, user.id, input),
    'user_favorites/checkFavoriteStatus': (input, { user }) => checkFavoriteStatus(deps, user.id, input),
  });
}
