/** A category as GraphQL answers it, and the operations the category tests send. */
export interface CategoryView {
  id: string;
  name: string;
  slug: string;
}

export const CREATE_CATEGORY =
  'mutation ($input: CategoryInput!) { createCategory(input: $input) { id name slug } }';
export const UPDATE_CATEGORY =
  'mutation ($id: ID!, $input: CategoryInput!) { updateCategory(id: $id, input: $input) { id name slug } }';
export const DELETE_CATEGORY = 'mutation ($id: ID!) { deleteCategory(id: $id) { id name slug } }';
export const CATEGORY = 'query ($slug: String!) { category(slug: $slug) { id name slug } }';
