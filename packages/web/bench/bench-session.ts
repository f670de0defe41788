/**
 * The demo customer's session for the web benches (lighthouse-bench.ts, hydration-profile.ts): logs
 * in and puts one orderable product in the cart, so the cart and the checkout have something to show.
 * Answers the access token.
 */
export async function logInDemoCustomer(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailorusername: 'customer@example.com', password: 'customer123' }),
  });
  if (!answer.ok) throw new Error(`demo customer login failed: ${answer.status}`);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  // One orderable product in the cart, so the cart and the checkout have something to show.
  const listing = (await (
    await fetch(`${baseUrl}/api/products/all?productsPerPage=50`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { products: { sku: string; orderable?: boolean; stock?: number }[] };
  for (const product of listing.products) {
    const added = await fetch(`${baseUrl}/api/cart/set-product-quantity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ productSku: product.sku, quantity: 1 }),
    });
    if (added.ok) return token;
  }
  throw new Error("no product of the first listing page could be put in the demo customer's cart");
}
