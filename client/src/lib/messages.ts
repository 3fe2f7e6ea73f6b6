/** Words the shop says in several places, written once. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';
