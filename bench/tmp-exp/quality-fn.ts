import { gtinKeySql, productProblemsSql } from '../../server/src/db/quality-sql.js';
console.log(`create or replace function products_quality() returns trigger language plpgsql as $$ begin
    new.gtin_key := ${gtinKeySql('postgres', 'new.gtin')};
    new.quality_problems := ${productProblemsSql('postgres', 'new.', 'new.id', 'new.gtin_key')};
    return new;
  end $$;`);
