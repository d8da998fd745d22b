#!/usr/bin/env python3
"""Writes a synthetic OpenAPI 3.0 spec with N resources x 4 operations (list, create, get, delete)
for benchmarks/codegen/run.sh: usage synthetic-spec.py <resources> <out.yaml>."""
import sys

resources = int(sys.argv[1])
out = open(sys.argv[2], "w")
w = out.write
w("openapi: 3.0.3\ninfo:\n  title: Synthetic\n  version: 1.0.0\nservers:\n  - url: /api\npaths:\n")
for i in range(resources):
    r = f"res{i:03d}"
    s = f"Thing{i:03d}"
    w(f"  /{r}:\n")
    w(f"    get:\n      operationId: list{s}\n      parameters:\n"
      f"        - {{name: limit, in: query, schema: {{type: integer, format: int32, minimum: 1, maximum: 100}}}}\n"
      f"        - {{name: state, in: query, schema: {{$ref: '#/components/schemas/{s}State'}}}}\n"
      f"      responses:\n        '200':\n          description: list\n          content:\n"
      f"            application/json:\n              schema: {{type: array, items: {{$ref: '#/components/schemas/{s}'}}}}\n"
      f"        default: {{$ref: '#/components/responses/Problem'}}\n")
    w(f"    post:\n      operationId: create{s}\n      requestBody:\n        required: true\n        content:\n"
      f"          application/json:\n            schema: {{$ref: '#/components/schemas/{s}'}}\n"
      f"      responses:\n        '201':\n          description: created\n          content:\n"
      f"            application/json:\n              schema: {{$ref: '#/components/schemas/{s}'}}\n"
      f"        default: {{$ref: '#/components/responses/Problem'}}\n")
    w(f"  /{r}/{{id}}:\n      parameters:\n        - {{name: id, in: path, required: true, schema: {{type: string, format: uuid}}}}\n"
      .replace("      parameters", "    parameters"))
    w(f"    get:\n      operationId: get{s}\n      responses:\n        '200':\n          description: one\n"
      f"          content:\n            application/json:\n              schema: {{$ref: '#/components/schemas/{s}'}}\n"
      f"        '404': {{$ref: '#/components/responses/Problem'}}\n")
    w(f"    delete:\n      operationId: delete{s}\n      responses:\n        '204':\n          description: gone\n"
      f"        default: {{$ref: '#/components/responses/Problem'}}\n")
w("components:\n  responses:\n    Problem:\n      description: a problem\n      content:\n        application/json:\n"
  "          schema: {$ref: '#/components/schemas/Problem'}\n  schemas:\n"
  "    Problem:\n      type: object\n      required: [code, message]\n      properties:\n"
  "        code: {type: integer, format: int32}\n        message: {type: string}\n")
for i in range(resources):
    s = f"Thing{i:03d}"
    w(f"    {s}State:\n      type: string\n      enum: [new, in-progress, done]\n")
    w(f"    {s}:\n      type: object\n      required: [id, name]\n      properties:\n"
      f"        id: {{type: string, format: uuid}}\n        name: {{type: string, maxLength: 64}}\n"
      f"        state: {{$ref: '#/components/schemas/{s}State'}}\n        createdAt: {{type: string, format: date-time}}\n"
      f"        tags: {{type: array, items: {{type: string}}}}\n        price: {{type: number, minimum: 0}}\n")
out.close()
