// Use cases of a source's topics (issue 23): PUT /api/topics replaces the
// whole declared set, GET /api/topics answers it.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/connect.ts';
import { replaceTopics, sourceTopics } from '../db/topics.ts';
import { toDate } from '../domain/time.ts';
import { declarationProblem, type TopicDeclaration, type TopicDeclarationIn, withDefaults } from '../domain/topics.ts';
import { HadoError } from '../errors.ts';

export const topicInvalid = (index: number, field: string, message: string): HadoError =>
  new HadoError(422, 'invalid', `topics[${index}].${field}: ${message}`, { index, field });

/** Declares the source's whole set of topics, replacing the earlier one; returns it as stored. */
export async function putTopics(db: Db, clock: Clock, sourceId: number, topics: TopicDeclarationIn[]): Promise<TopicDeclaration[]> {
  const problem = declarationProblem(topics);
  if (problem !== null) throw topicInvalid(...problem);
  const declared = topics.map(withDefaults);
  await replaceTopics(db, sourceId, declared, toDate(clock.now()));
  return declared;
}

export const getTopics = (db: Db, sourceId: number): Promise<TopicDeclaration[]> => sourceTopics(db, sourceId);
