import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/database.ts';
import { createPictureBucket } from './modules/product-images/picture-bucket.ts';
import { movePicturesToBucket } from './modules/product-images/picture-move.ts';
import { createProductImageRepository } from './modules/product-images/product-image-repository.ts';

// `npm run pictures:move`: copies the uploaded pictures still kept in the database (DATABASE_URL, or
// the SQLite file in DATA_DIR) into the bucket the S3_ settings name, and points their rows to it
// (ADR 053). Safe to run again, and while the shop runs: a picture's row changes in one statement.
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const config = loadConfig(process.env, webRoot);
if (!config.pictureBucket) {
  console.error('pictures:move needs the picture bucket: set S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
  process.exit(1);
}
const database = openDatabase(config);
const bucket = createPictureBucket(config.pictureBucket);
try {
  const images = createProductImageRepository(database.db);
  const moved = await movePicturesToBucket(images, bucket);
  // Counted afresh: a process still without the S3_ settings may have stored more while this ran.
  const left = await images.countInDatabase();
  const leftInDatabase = left === 0 ? 'none is left in the database' : `${left} stored meanwhile ${left === 1 ? 'is' : 'are'} left in the database: run it again`;
  console.log(`${moved} product pictures moved from ${database.description} to the bucket ${config.pictureBucket.bucket}; ${leftInDatabase}.`);
} finally {
  await bucket.close();
  await database.close();
}
