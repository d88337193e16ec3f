import { listModels } from '#app/models/content-models.server.ts'

const model = listModels.leadership_team

export const listLeadershipTeam = model.list
