import { contentModel, type ContentModel } from './content-model.server.ts'
import { singleRecordModel } from './single-record-model.server.ts'
import {
  LIST_TABLES,
  type ListTableName,
  SINGLE_TABLES,
  type SingleTableName,
} from '#app/content/registry.ts'

/** Every list table's model, made from its declaration (app/content/registry.ts). */
export const listModels = Object.fromEntries(LIST_TABLES.map((table) => [table, contentModel(table)])) as {
  [T in ListTableName]: ContentModel<T>
}

/** The single-record tables' models. */
export const singleModels = Object.fromEntries(
  SINGLE_TABLES.map((table) => [table, singleRecordModel(table)]),
) as { [T in SingleTableName]: ReturnType<typeof singleRecordModel<T>> }
