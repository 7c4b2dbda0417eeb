import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'

/**
 * The `meta` type of a page whose loader lives in its feature (`loadX(request, user, …)`): route
 * modules stay thin, and the feature's page still reads its loader's data typed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MetaOf<Load extends (...args: any[]) => unknown> = MetaFunction<
  (args: LoaderFunctionArgs) => ReturnType<Load>
>
