-- The petstore's table (JdbcPetStore), in SQL that PostgreSQL and H2 both take.
CREATE TABLE pets (
    id   BIGINT PRIMARY KEY,
    name VARCHAR NOT NULL,
    tag  VARCHAR
);
