-- The two reference pets, as the in-memory store starts with them.
INSERT INTO pets (id, name, tag) VALUES (1, 'catten', 'cat');
INSERT INTO pets (id, name, tag) VALUES (2, 'doggy', 'dog');
