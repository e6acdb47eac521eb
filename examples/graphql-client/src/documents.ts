import { graphql } from './graphql.js';

export const UploadFile = graphql(`
  mutation UploadFile($file: File!) {
    uploadFile(file: $file) {
      file {
        id
        name
        visibility
      }
    }
  }
`);

export const ParseEvtx = graphql(`
  mutation ParseEvtx($input: ParseEvtxInput!) {
    parseEvtx(input: $input) {
      job {
        id
        uuid
        name
        status
      }
    }
  }
`);

export const WatchJob = graphql(`
  subscription WatchJob($id: ID!) {
    job(id: $id) {
      status
      progress {
        done
        total
        fraction
        unit
      }
    }
  }
`);

export const JobFindings = graphql(`
  query JobFindings($id: ID!) {
    job(id: $id) {
      status
      insights {
        __typename
        title
        ... on TableInsight {
          columns
          rows
        }
        ... on GraphInsight {
          nodeCount
        }
        ... on ErrorInsight {
          message
        }
      }
    }
  }
`);
