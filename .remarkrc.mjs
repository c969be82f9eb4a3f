import remarkGfm from 'remark-gfm';
import remarkValidateLinks from 'remark-validate-links';

export default { plugins: [remarkGfm, [remarkValidateLinks, { repository: false }]] };
