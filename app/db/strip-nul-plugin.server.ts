import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely'

const NUL = String.fromCharCode(0)

const clean = (value: unknown) =>
  typeof value === 'string' && value.includes(NUL) ? value.replaceAll(NUL, '') : value

class StripNul extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = clean(node.value)
    return value === node.value ? node : { ...node, value }
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map(clean) }
  }
}

/**
 * Drops NUL characters from every text value a query sends. PostgreSQL's text cannot hold them (a contact form, a
 * search or a sign-in carrying `%00` was a 500) and no person types one; SQLite would store them, so both
 * databases drop them alike and a backup moves between them. Covers every query on the connection, better-auth's
 * included.
 */
export class StripNulPlugin implements KyselyPlugin {
  readonly #transformer = new StripNul()

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(node)
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result
  }
}
